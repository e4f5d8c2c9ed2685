// What one change of an element is made of, shared by the applier (apply.ts) and the part that removes and inserts
// elements (structure.ts).
import type { ElementOperation } from '@tabula/protocol';
import { lookStyle, putStyleBack } from './style';

/**
 * One thing a rule sets on an element. `look` shows how the element stands; a change is made when that is neither what
 * the rule wants nor what the browser kept of the last change, which `write` tells (it normalises styles: `#f00` reads
 * `rgb(255, 0, 0)`). What `look` read before the change is what `undo` puts back, unless `keep` keeps something else.
 */
export interface Facet {
  /**
   * What it sets: `@name` an attribute, `t` the text, `s<name>` a style, `m` the place, `r` the presence, `i<id>` an
   * inserted element (`S` is the style attribute).
   */
  slot: string;
  want?: string;
  look(element: HTMLElement): string | null;
  keep?(element: HTMLElement): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: each facet reads back what its own look or keep gave.
  undo(element: HTMLElement, kept: any): void;
  write?(element: HTMLElement): string | null;
}

/** What removes and inserts elements: structure.ts, which the snippet loads as a part. */
/**
 * What removes and inserts elements, and sets the styles of one device: structure.ts, which the snippet loads as a
 * part. Each gives the facets of one operation, by its type.
 */
export interface Structure {
  /** Takes the element off the page. */
  remove(): Facet[];
  /** Inserts a new element beside or inside the element. */
  insert(operation: Extract<ElementOperation, { type: 'insert' }>): Facet[];
  /** A style of one device (an anywhere move made there): set only on a page laid out for it. */
  style(operation: Extract<ElementOperation, { type: 'style' }>, page: Document): Facet[];
}

/** Sets one inline style, with the important flag, through CSSOM. */
export const styleFacet = (name: string, value: string): Facet => ({
  slot: `s${name}`,
  want: `${value}!important`,
  look: (element) => lookStyle(element, name),
  undo: (element, old: string) => putStyleBack(element, name, old),
  write: (element) => {
    element.style.setProperty(name, value, 'important');
    return lookStyle(element, name);
  },
});

/** Where an element stands among its siblings, to put it back there. */
export const keepPosition = (element: Node) => [element.parentNode, element.nextSibling];
export const undoMove = (element: Node, [parent, next]: (Node | null)[]) =>
  parent?.insertBefore(element, next?.parentNode === parent ? next : null);
