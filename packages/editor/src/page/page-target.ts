/**
 * The page being edited: the page itself on the desktop, or its copy in the phone-width frame. Frames are of the same
 * origin, so the editor reaches their document as it reaches its own.
 */
export interface PageTarget {
  document: Document;
  window: Window;
  /** The frame showing the page; null for the page itself. */
  frame: HTMLIFrameElement | null;
}

export const pageItself = (page: Window): PageTarget => ({ document: page.document, window: page, frame: null });

export interface Point {
  x: number;
  y: number;
}

/** Where the target's viewport starts within the editor's: a frame's content box, or nowhere else. */
export function viewportOffset(target: PageTarget): Point {
  if (!target.frame) return { x: 0, y: 0 };
  const box = target.frame.getBoundingClientRect();
  return { x: box.left + target.frame.clientLeft, y: box.top + target.frame.clientTop };
}

/** Node.ELEMENT_NODE, compared by number: an element of a frame is no instance of this window's Element. */
export const isElement = (node: unknown): node is Element =>
  typeof node === 'object' && node !== null && (node as Node).nodeType === 1;
