import { finder } from '@medv/finder';
import { isGeneratedName } from './generated-names';

/** Attributes people set on purpose to name an element, and so keep across builds. */
const STABLE_ATTRIBUTES = new Set(['data-testid', 'data-test', 'data-qa', 'data-id', 'name', 'role', 'aria-label']);
const MAX_ATTRIBUTE_LENGTH = 100;
/** finder gives up on a page it cannot solve quickly and falls back to a path of nth-child steps. */
const SEARCH_MS = 300;

/**
 * A selector that finds this element and no other, built from what survives the page's next build: ids, class names
 * and naming attributes, never the generated ones.
 */
export function selectorOf(element: Element): string {
  const stable = (name: string) => !isGeneratedName(name);
  return finder(element, {
    root: element.ownerDocument.body ?? element.ownerDocument.documentElement,
    idName: stable,
    className: stable,
    attr: (name, value) => STABLE_ATTRIBUTES.has(name) && value.length < MAX_ATTRIBUTE_LENGTH && stable(value),
    timeoutMs: SEARCH_MS,
  });
}

/** The elements a typed selector finds; none when the browser cannot read it. */
export function elementsMatching(page: Document, selector: string): Element[] {
  try {
    return Array.from(page.querySelectorAll(selector));
  } catch {
    return [];
  }
}
