// A part (parts.ts): what visual experiments change beyond elements' text, attributes, styles and places. Loaded only
// by pages whose versions remove or insert elements, or bring a style sheet, a script or a redirect. Its exports are
// named short: the snippet bundle spells out each name it calls on a part.
import type { PayloadVersion } from '@tabula/protocol';
import { addStyleSheet, loadScript } from '../dom/page-changes';

export { insert, remove, style } from '../dom/structure';

/** How long a redirect waits for the exposure to be sent before it leaves anyway. */
export const REDIRECT_WAIT_MS = 300;

export interface PageHost {
  /** The Tabula server's origin, which serves the custom scripts. */
  server: string;
  /** The nonce the page gave the snippet's script element, for what the SDK adds under a nonce policy. */
  nonce?: string;
  /** Sends the queued events now; never rejects. */
  flush(): Promise<void>;
  /** Hides the page (until the anti-flicker timeout) while it leaves. */
  hide(): void;
  report(error: unknown): void;
}

/**
 * Where a redirect sends this page: the version's address with the query parameters of the page the visitor came to
 * (the redirect's own win) and its fragment; null when that is this page already.
 */
export function redirectTarget(redirect: string, from: string): string | null {
  const page = new URL(from);
  const target = new URL(redirect, page);
  for (const [key, value] of page.searchParams)
    if (!target.searchParams.has(key)) target.searchParams.append(key, value);
  target.hash ||= page.hash;
  return target.origin + target.pathname === page.origin + page.pathname ? null : target.href;
}

/** Scripts this page has run: a script cannot be undone, so a return to the page does not run it again. */
const loaded = new Set<string>();
let leaving = false;

/**
 * Leaves for the address once the exposure logged for it is sent (or REDIRECT_WAIT_MS has passed), the page hidden
 * meanwhile. Replaced in history: the back button goes to where the visitor came from, not into the redirect again.
 */
function leave(target: string, host: PageHost): void {
  host.hide();
  if (leaving) return;
  leaving = true;
  let gone = false;
  const go = () => {
    if (!gone) location.replace(target);
    gone = true;
  };
  setTimeout(go, REDIRECT_WAIT_MS);
  void host.flush().then(go);
}

/**
 * Changes the whole page as the visitor's versions say: leaves for a redirect's address (null: the page is leaving),
 * or adds their style sheets and runs their scripts, and returns what takes the style sheets away again.
 */
export function page(versions: readonly PayloadVersion[], host: PageHost): (() => void) | null {
  const redirect = versions.find((version) => version.redirect)?.redirect;
  const target = redirect && redirectTarget(redirect, location.href);
  if (target) {
    leave(target, host);
    return null;
  }
  const css = versions.flatMap((version) => version.css || []);
  for (const script of versions.flatMap((version) => version.script || [])) {
    const address = new URL(script, host.server).href;
    if (!loaded.has(address)) loadScript(address, host.nonce, host.report);
    loaded.add(address);
  }
  return css.length ? addStyleSheet(css.join('\n'), { nonce: host.nonce, onError: host.report }) : () => {};
}
