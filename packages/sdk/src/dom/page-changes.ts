// What a version changes on the whole page: its own style sheet, and its custom script. The snippet loads this as a
// part of its own (src/client/changes.ts), only on pages whose versions have either.
import { Problem } from '../core/problem';
import { explain } from '../core/report';
import { addScript } from './add-script';

export interface StyleSheetOptions {
  /** The nonce the page gave the snippet, for the <style> element a browser without constructed sheets gets. */
  nonce?: string;
  /** Hears that the page's policy refused that <style> element. */
  onError?: (error: Error) => void;
  page?: Document;
}

/**
 * Adds a version's style sheet to the page; the function returned takes it away. The sheet is constructed through
 * CSSOM and adopted, which no Content-Security-Policy refuses: also not a page whose nonce is for its scripts only,
 * whose style-src would refuse a <style> element under that nonce. A browser without constructed sheets (Safari before
 * 16.4) gets a <style> element, with the snippet's nonce when the page gave it one; a policy that refuses it leaves the
 * element without a sheet, and that is reported rather than left unsaid.
 */
export function addStyleSheet(css: string, { nonce, onError, page = document }: StyleSheetOptions = {}): () => void {
  if (page.adoptedStyleSheets && typeof CSSStyleSheet === 'function') {
    const sheet = new (page.defaultView?.CSSStyleSheet ?? CSSStyleSheet)();
    sheet.replaceSync(css);
    page.adoptedStyleSheets = [...page.adoptedStyleSheets, sheet];
    return () => {
      page.adoptedStyleSheets = page.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }
  const style = page.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  (page.head || page.documentElement).append(style);
  if (!style.sheet) onError?.(new Error(explain(Problem.StyleSheetRefused)));
  return () => style.remove();
}

/**
 * Loads a version's custom script as a script file from the Tabula server, never through eval: a page whose policy
 * does not allow that server's scripts refuses it, and the refusal is reported rather than breaking the page.
 */
export function loadScript(address: string, nonce: string | undefined, onError: (error: Error) => void): void {
  addScript(address, nonce).onerror = () => onError(new Error(explain(Problem.ScriptNotLoaded, address)));
}
