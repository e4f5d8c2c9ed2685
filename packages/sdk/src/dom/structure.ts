// What changes the page's structure: an element taken off the page, and new elements inserted beside or inside one.
// The snippet loads it as a part of its own (src/client/changes.ts), only on pages whose changes use it.
import { type ElementOperation, INSERTED_ATTRIBUTE, MOBILE_MAX_WIDTH } from '@tabula/protocol';
import { type Facet, keepPosition, styleFacet, undoMove } from './facet';

/**
 * Takes the element off the page. A page that puts it back is answered by taking it off again: what `write` reports
 * never matches what `look` sees of an element on the page.
 */
export const remove = (): Facet[] => [
  {
    slot: 'r',
    want: '',
    look: () => null,
    keep: keepPosition,
    undo: undoMove,
    write: (element) => {
      element.remove();
      return '';
    },
  },
];

/**
 * A style made for one device sets nothing on a page laid out for the other: the page's width when the rules are
 * applied decides (a phone keeps its width).
 */
export const style = (
  { name, value, device }: Extract<ElementOperation, { type: 'style' }>,
  page: Document,
): Facet[] =>
  (device === 'mobile') === !!page.defaultView?.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches
    ? [styleFacet(name, value)]
    : [];

/** The tag of each kind of element the editor inserts; nothing else is ever created. */
const TAGS = { text: 'p', button: 'button', image: 'img', link: 'a', container: 'div' } as const;

type Insert = Extract<ElementOperation, { type: 'insert' }>;

/**
 * Inserts one new element per element the rule finds, empty but for its id: its text, address and looks are records of
 * their own, which select it by that id. A page that moves or drops it has it put back where it belongs.
 */
export function insert({ kind, id, position }: Insert): Facet[] {
  const made = new WeakMap<Element, HTMLElement>();
  // An element this rule inserted may match its selector too (a paragraph after a paragraph): it gets none of its own.
  const own = new WeakSet<Element>();
  const placed = (anchor: Element) => {
    if (own.has(anchor)) return '';
    const element = made.get(anchor);
    const at =
      position === 'inside' ? element?.parentNode : position === 'before' ? anchor.previousSibling : anchor.nextSibling;
    return element && at === (position === 'inside' ? anchor : element) ? '' : null;
  };
  return [
    {
      slot: `i${id}`,
      want: '',
      look: placed,
      undo: (anchor) => made.get(anchor)?.remove(),
      write: (anchor) => {
        let element = made.get(anchor);
        if (!element) {
          element = anchor.ownerDocument.createElement(TAGS[kind]);
          element.setAttribute(INSERTED_ATTRIBUTE, id);
          // A button inside a form would otherwise submit it.
          if (kind === 'button') element.setAttribute('type', 'button');
          made.set(anchor, element);
          own.add(element);
        }
        anchor[position === 'inside' ? 'append' : position](element);
        return placed(anchor);
      },
    },
  ];
}
