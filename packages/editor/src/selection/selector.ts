import { isGeneratedName } from './generated-names';

/** Attributes teams put on elements for their tests: named on purpose, and kept across redesigns. */
const TEST_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy', 'data-id'];
/** Attributes that name an element for people or forms; less steady than a test attribute, steadier than a class. */
const NAMING_ATTRIBUTES = ['name', 'aria-label'];
const MAX_VALUE_LENGTH = 100;
/** How far up the page a name for a surrounding element is looked for, before a path of positions is used. */
const MAX_ANCESTORS = 6;

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
const steady = (value: string | null): value is string =>
  value !== null &&
  value.length > 0 &&
  value.length < MAX_VALUE_LENGTH &&
  !/[\n\r]/.test(value) &&
  !isGeneratedName(value);

/**
 * What names an element by itself, best first: its id, a test attribute, a naming attribute, then its classes (one,
 * then two together). Names a build generates are left out: the next build changes them.
 */
function namesOf(element: Element): string[] {
  const tag = CSS.escape(element.localName);
  const names: string[] = [];
  const id = element.getAttribute('id');
  if (steady(id)) names.push(`#${CSS.escape(id)}`);
  for (const attribute of TEST_ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (steady(value)) names.push(`[${attribute}=${quoted(value)}]`);
  }
  for (const attribute of NAMING_ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (steady(value)) names.push(`${tag}[${attribute}=${quoted(value)}]`);
  }
  const classes = Array.from(element.classList).filter(steady).map(CSS.escape);
  for (const name of classes) names.push(`${tag}.${name}`);
  classes.forEach((first, index) => {
    for (const second of classes.slice(index + 1)) names.push(`${tag}.${first}.${second}`);
  });
  return names;
}

/** The elements a typed selector finds; none when the browser cannot read it. */
export function elementsMatching(page: Document, selector: string): Element[] {
  try {
    return Array.from(page.querySelectorAll(selector));
  } catch {
    return [];
  }
}

/** Whether what a selector found is these elements and no others. */
export const sameElements = (found: readonly Element[], elements: readonly Element[]): boolean =>
  found.length === elements.length && elements.every((element) => found.includes(element));

/** Whether the selector finds these elements and no others. */
export const matchesExactly = (page: Document, selector: string, elements: readonly Element[]): boolean =>
  sameElements(elementsMatching(page, selector), elements);

/** The element's tag, numbered among its siblings of the same tag when it has any. */
function positionOf(element: Element): string {
  const tag = CSS.escape(element.localName);
  const siblings = element.parentElement
    ? Array.from(element.parentElement.children).filter((sibling) => sibling.localName === element.localName)
    : [element];
  return siblings.length === 1 ? tag : `${tag}:nth-of-type(${siblings.indexOf(element) + 1})`;
}

const uniqueNameOf = (element: Element) =>
  namesOf(element).find((name) => matchesExactly(element.ownerDocument, name, [element]));

/**
 * A selector that finds this element and no other, built from what survives the page's next build, never a bare tag
 * name (a page gains another `h1` or `button` any day): the element's own name when one is unique; else a name of its
 * own, or its tag, inside a surrounding element that has a unique name; else the path of positions from the nearest
 * such element (or the body).
 */
export function selectorOf(element: Element): string {
  const page = element.ownerDocument;
  const body = page.body;
  if (element === body || element === page.documentElement) return element.localName;
  const own = uniqueNameOf(element);
  if (own) return own;

  const steps = [...namesOf(element), positionOf(element)];
  const path = [positionOf(element)];
  /** A step of the element's inside the surrounding element the anchor finds; else the path of positions. */
  const within = (anchor: string, around: Element) => {
    // Anything inside the body is a descendant of it: only a child step is narrower than the step alone.
    const combinator = element.parentElement === around ? ' > ' : around === body ? null : ' ';
    const named = combinator === null ? [] : steps.map((step) => anchor + combinator + step);
    return named.find((candidate) => matchesExactly(page, candidate, [element])) ?? `${anchor} > ${path.join(' > ')}`;
  };
  let ancestor = element.parentElement;
  for (let depth = 0; ancestor && ancestor !== body && depth < MAX_ANCESTORS; depth++) {
    const anchor = uniqueNameOf(ancestor);
    if (anchor) return within(anchor, ancestor);
    path.unshift(positionOf(ancestor));
    ancestor = ancestor.parentElement;
  }
  for (; ancestor && ancestor !== body; ancestor = ancestor.parentElement) path.unshift(positionOf(ancestor));
  return within('body', body);
}

/** The nearest element holding all of these. */
function commonAncestorOf(elements: readonly Element[]): Element | null {
  let ancestor: Element | null = elements[0]!.parentElement;
  while (ancestor && !elements.every((element) => ancestor!.contains(element))) ancestor = ancestor.parentElement;
  return ancestor;
}

/**
 * One selector for elements changed together (the prices of every product card, say): a name they all share that
 * finds exactly them, on the page or inside the element around them all; else each one's own selector, listed.
 */
export function groupSelectorOf(elements: readonly Element[]): string {
  const [first, ...rest] = elements;
  if (!first) throw new Error('No element chosen');
  if (rest.length === 0) return selectorOf(first);
  const page = first.ownerDocument;
  const shared = namesOf(first).filter((name) => rest.every((element) => element.matches(name)));
  const found = shared.find((name) => matchesExactly(page, name, elements));
  if (found) return found;
  const around = commonAncestorOf(elements);
  if (around && around !== page.body && around !== page.documentElement) {
    const anchor = selectorOf(around);
    const within = shared
      .map((name) => `${anchor} ${name}`)
      .find((candidate) => matchesExactly(page, candidate, elements));
    if (within) return within;
  }
  return elements.map(selectorOf).join(', ');
}
