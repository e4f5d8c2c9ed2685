import { EDITOR_TOKEN_PARAM } from '@tabula/protocol';

/**
 * The experiment's page to open with the token in its address, where the SDK (or a loader) starts the editor. Without
 * one (a pattern with `*` and no page named to open) the member opens a matching page and loads the editor there.
 */
export function editorUrlOf(openUrl: string | null, token: string): string | null {
  if (!openUrl) return null;
  try {
    const url = new URL(openUrl);
    url.searchParams.set(EDITOR_TOKEN_PARAM, token);
    return url.toString();
  } catch {
    return null;
  }
}
