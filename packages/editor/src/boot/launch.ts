import { EDITOR_TOKEN_PARAM } from '@tabula/protocol';

/** What the editor needs to start: its token, and the server it came from, which its calls go to. */
export interface Launch {
  token: string;
  serverOrigin: string;
}

/** Marks the frame the editor shows the page in at phone width: the editor never starts inside its own frame. */
export const DEVICE_FRAME_ATTRIBUTE = 'data-tabula-editor-frame';

/**
 * How the bundle was loaded tells how to start: the bookmarklet and the extension put the token on the script tag
 * (`data-token`); a page opened from the console carries it in its address. The server is where the script came
 * from. Null when there is nothing to start.
 */
export function findLaunch(
  page: { location: { href: string }; frameElement: Element | null },
  script: HTMLScriptElement | null,
): Launch | null {
  if (page.frameElement?.hasAttribute(DEVICE_FRAME_ATTRIBUTE)) return null;
  const token = script?.dataset.token || new URL(page.location.href).searchParams.get(EDITOR_TOKEN_PARAM);
  if (!token || !script?.src) return null;
  return { token, serverOrigin: new URL(script.src).origin };
}

/** The page's address without the token, for frames of it and for the address field. */
export function withoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(EDITOR_TOKEN_PARAM);
  return url.toString();
}
