import type { ChangeRecord, Device } from '@tabula/protocol';
import type { Point } from '../page/page-target';

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type DropSide = 'top' | 'right' | 'bottom' | 'left';

/**
 * Reorder: the side of the target a drop at `point` lands on. Along the axis the pointer is further from the target's
 * middle, for its size, so elements in rows and in columns both work.
 */
export function dropSideAt(target: Box, point: Point): DropSide {
  const dx = (point.x - (target.left + target.width / 2)) / Math.max(target.width, 1);
  const dy = (point.y - (target.top + target.height / 2)) / Math.max(target.height, 1);
  if (Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 'left' : 'right';
  return dy < 0 ? 'top' : 'bottom';
}

/** Left of or above the target is before it in the page. */
export const insertOrderOf = (side: DropSide): 'before' | 'after' =>
  side === 'top' || side === 'left' ? 'before' : 'after';

/** An element can go next to anything but itself and what is inside it. */
export const canDropOn = (element: Element, target: Element): boolean =>
  target !== element && !element.contains(target) && target.parentElement !== null;

export function reorderRecord(
  selector: string,
  target: { selector: string; insertOrder: 'before' | 'after' },
  newSelector: string,
): ChangeRecord {
  return {
    selector,
    type: 'move',
    key: '',
    value: '',
    moveType: 'reorder',
    targetSelector: target.selector,
    insertOrder: target.insertOrder,
    newSelector,
  };
}

/** Anywhere: a drag adds to where an earlier anywhere move of the element already put it, in whole pixels. */
export function anywhereRecord(selector: string, drag: Point, earlier?: ChangeRecord, device?: Device): ChangeRecord {
  const from = earlier?.moveType === 'anywhere' ? { x: earlier.x ?? 0, y: earlier.y ?? 0 } : { x: 0, y: 0 };
  return {
    selector,
    type: 'move',
    key: '',
    value: '',
    moveType: 'anywhere',
    x: Math.round(from.x + drag.x),
    y: Math.round(from.y + drag.y),
    ...(device && { device }),
  };
}

/**
 * Whether a moved element sticks out past either side of the screen, or above the top of the page: there a visitor
 * cannot scroll to it. Below the fold is only further down the page. `box` is in the viewport's coordinates.
 */
export function leavesViewport(box: Box, viewport: { width: number; scrollY: number }): boolean {
  const outside = box.left < 0 || box.left + box.width > viewport.width || box.top + viewport.scrollY < 0;
  return outside && box.width > 0;
}

/**
 * The selector the element will have once moved, which later changes of it use: found by moving it there and back
 * at once, before the page is painted again.
 */
export function selectorAfterMove(
  element: Element,
  target: Element,
  insertOrder: 'before' | 'after',
  selectorOf: (element: Element) => string,
): string {
  const parent = element.parentNode;
  const next = element.nextSibling;
  target.parentNode!.insertBefore(element, insertOrder === 'before' ? target : target.nextSibling);
  try {
    return selectorOf(element);
  } finally {
    parent?.insertBefore(element, next);
  }
}
