// What the SDK reads of visual experiments besides their schemas: plain values, which a page's bundle carries alone.

/**
 * The kinds of change record: the spec's four (style, attribute, move, and empty for a property of the element itself),
 * then what marketers change beyond them: `remove` takes the element off the page; `insert` adds an element of one of
 * INSERT_KINDS next to or inside it; `css`, `script` and `redirect` change the whole page (their selector is the page's
 * root, PAGE_SELECTOR): a style sheet, a script file, or another address the version sends visitors to.
 */
export const CHANGE_TYPES = [
  'style',
  'attribute',
  'move',
  '',
  'remove',
  'insert',
  'css',
  'script',
  'redirect',
] as const;
export const PAGE_CHANGE_TYPES = ['css', 'script', 'redirect'] as const;
export type PageChangeType = (typeof PAGE_CHANGE_TYPES)[number];
export const PAGE_SELECTOR = 'html';
export const MOVE_TYPES = ['reorder', 'anywhere'] as const;
export const INSERT_ORDERS = ['before', 'after'] as const;
/** Where an inserted element goes: beside the chosen element, or inside it as its last child. */
export const INSERT_POSITIONS = ['before', 'after', 'inside'] as const;
export type InsertPosition = (typeof INSERT_POSITIONS)[number];
/** The elements the editor inserts, each a tag of its own choosing: never markup the user wrote. */
export const INSERT_KINDS = ['text', 'button', 'image', 'link', 'container'] as const;
export type InsertKind = (typeof INSERT_KINDS)[number];
/** The attribute an inserted element carries its id in, which the records changing it select it by. */
export const INSERTED_ATTRIBUTE = 'data-tabula-insert';
/** Anywhere moves are made for one device: a shift that suits a wide page can push an element off a phone's screen. */
export const DEVICES = ['desktop', 'mobile'] as const;
export type Device = (typeof DEVICES)[number];
/** Pages at most this wide (CSS pixels) are laid out as on a phone, for moves made on the mobile device. */
export const MOBILE_MAX_WIDTH = 767;
