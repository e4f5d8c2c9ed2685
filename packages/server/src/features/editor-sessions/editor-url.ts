import { EDITOR_TOKEN_PARAM } from '@tabula/protocol';

/**
 * The experiment's page with the token in its address, where the SDK (or a loader) starts the editor. A page pattern
 * with `*` names no one page to open: the member opens a matching page and loads the editor there.
 */
export function editorUrlOf(pageUrl: string | null, token: string): string | null {
  if (!pageUrl || pageUrl.includes('*')) return null;
  try {
    const url = new URL(pageUrl);
    url.searchParams.set(EDITOR_TOKEN_PARAM, token);
    return url.toString();
  } catch {
    return null;
  }
}
