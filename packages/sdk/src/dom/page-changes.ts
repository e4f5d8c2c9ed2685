// What a version changes on the whole page: its own style sheet, and its custom script. The snippet loads this as a
// part of its own (src/client/changes.ts), only on pages whose versions have either.
import { Problem } from '../core/problem';
import { explain } from '../core/report';
import { addScript } from './add-script';

/**
 * Adds a version's style sheet to the page; the function returned takes it away. A page that gives the snippet a
 * nonce gets a <style> element with it, as its policy asks; otherwise the sheet is constructed through CSSOM and
 * adopted, which no Content-Security-Policy refuses. A browser without constructed sheets gets a <style> element, which
 * only a policy forbidding inline styles refuses.
 */
export function addStyleSheet(css: string, nonce = '', page: Document = document): () => void {
  if (!nonce && page.adoptedStyleSheets && typeof CSSStyleSheet === 'function') {
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
  return () => style.remove();
}

/**
 * Loads a version's custom script as a script file from the Tabula server, never through eval: a page whose policy
 * does not allow that server's scripts refuses it, and the refusal is reported rather than breaking the page.
 */
export function loadScript(address: string, nonce: string | undefined, onError: (error: Error) => void): void {
  addScript(address, nonce).onerror = () => onError(new Error(explain(Problem.ScriptNotLoaded, address)));
}
