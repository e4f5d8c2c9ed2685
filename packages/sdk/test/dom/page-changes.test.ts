// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addStyleSheet } from '../../src';

const CSS = '.note { color: rgb(0, 128, 0); }';
const styleElements = (page: Document) => [...page.querySelectorAll('style')];

/** A page in a browser without constructed style sheets (Safari before 16.4). */
function pageWithoutConstructedSheets(): Document {
  const page = document.implementation.createHTMLDocument('older browser');
  Object.defineProperty(page, 'adoptedStyleSheets', { value: undefined });
  return page;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.adoptedStyleSheets = [];
});

describe("a version's style sheet", () => {
  // A page whose nonce is for its scripts only (style-src 'self') refuses a <style> under that nonce; an adopted sheet
  // no policy refuses. The nonce once chose the <style> element, and such pages lost the version's styles.
  it('is adopted through CSSOM, also when the page gave the snippet a nonce', () => {
    const remove = addStyleSheet(CSS, { nonce: 'XYZ' });
    expect(styleElements(document)).toEqual([]);
    expect(document.adoptedStyleSheets).toHaveLength(1);
    expect(document.adoptedStyleSheets[0]!.cssRules[0]!.cssText).toContain('.note');
    remove();
    expect(document.adoptedStyleSheets).toEqual([]);
  });

  it('is a <style> element under the snippet’s nonce where the browser cannot construct sheets', () => {
    const page = pageWithoutConstructedSheets();
    const onError = vi.fn();
    const remove = addStyleSheet(CSS, { nonce: 'XYZ', onError, page });
    const [style] = styleElements(page);
    expect(style?.nonce).toBe('XYZ');
    expect(style?.textContent).toBe(CSS);
    expect(onError).not.toHaveBeenCalled();
    remove();
    expect(styleElements(page)).toEqual([]);
  });

  it('reports a <style> element the page’s policy refuses, which is left without a sheet', () => {
    // What a browser does with a <style> its Content-Security-Policy refuses: the element stays, with no sheet.
    vi.spyOn(HTMLStyleElement.prototype, 'sheet', 'get').mockReturnValue(null);
    const onError = vi.fn();
    addStyleSheet(CSS, { onError, page: pageWithoutConstructedSheets() });
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]![0].message).toMatch(/style sheet was refused/);
  });
});
