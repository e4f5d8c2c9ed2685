import type { ChangeRecord } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { initialMove, MOVE_STEPS, type MoveState, moveReducer } from '../src/move/move-state';
import {
  anywhereRecord,
  canDropOn,
  dropSideAt,
  insertOrderOf,
  leavesViewport,
  reorderRecord,
  selectorAfterMove,
} from '../src/move/placement';
import { selectorOf } from '../src/selection/selector';

type Element_ = { id: string };
const element: Element_ = { id: 'badge' };
const record: ChangeRecord = { selector: '#badge', type: 'move', key: '', value: '', moveType: 'anywhere', x: 1, y: 2 };

describe('move states 0–3 (spec §4)', () => {
  it('goes not started → waiting to select → moving → moved → confirmed', () => {
    let state: MoveState<Element_> = initialMove();
    expect(state).toEqual({ step: MOVE_STEPS.notStarted, mode: 'reorder' });
    state = moveReducer(state, { type: 'mode', mode: 'anywhere' });
    state = moveReducer(state, { type: 'start' });
    expect(state).toEqual({ step: MOVE_STEPS.waitingToSelect, mode: 'anywhere' });
    state = moveReducer(state, { type: 'choose', element });
    expect(state).toEqual({ step: MOVE_STEPS.moving, mode: 'anywhere', element });
    state = moveReducer(state, { type: 'drop', record });
    expect(state).toEqual({ step: MOVE_STEPS.moved, mode: 'anywhere', element, record });
    expect(moveReducer(state, { type: 'confirm' })).toEqual({ step: 0, mode: 'anywhere' });
  });

  it('ignores actions out of their step, and keeps the mode once an element moves', () => {
    const idle = initialMove<Element_>();
    expect(moveReducer(idle, { type: 'choose', element })).toBe(idle);
    expect(moveReducer(idle, { type: 'drop', record })).toBe(idle);
    const waiting = moveReducer(idle, { type: 'start' });
    expect(moveReducer(waiting, { type: 'start' })).toBe(waiting);
    expect(moveReducer(waiting, { type: 'drop', record })).toBe(waiting);
    const moving = moveReducer(waiting, { type: 'choose', element });
    expect(moveReducer(moving, { type: 'mode', mode: 'anywhere' })).toBe(moving);
    expect(moveReducer(moving, { type: 'cancel' })).toEqual({ step: 0, mode: 'reorder' });
  });
});

describe('placing a moved element', () => {
  const box = { left: 100, top: 100, width: 200, height: 40 };

  it('drops before or after a target by the side the pointer is on', () => {
    expect(dropSideAt(box, { x: 200, y: 105 })).toBe('top');
    expect(dropSideAt(box, { x: 200, y: 135 })).toBe('bottom');
    expect(dropSideAt(box, { x: 105, y: 120 })).toBe('left');
    expect(dropSideAt(box, { x: 295, y: 121 })).toBe('right');
    expect(['top', 'left'].map((side) => insertOrderOf(side as 'top'))).toEqual(['before', 'before']);
    expect(['bottom', 'right'].map((side) => insertOrderOf(side as 'top'))).toEqual(['after', 'after']);
  });

  it('never drops an element on itself or inside itself', () => {
    document.body.innerHTML = '<div id="a"><p id="b">x</p></div><p id="c">y</p>';
    const [a, b, c] = ['a', 'b', 'c'].map((id) => document.getElementById(id)!);
    expect(canDropOn(a!, a!)).toBe(false);
    expect(canDropOn(a!, b!)).toBe(false);
    expect(canDropOn(b!, a!)).toBe(true);
    expect(canDropOn(a!, c!)).toBe(true);
  });

  it('names the element where it will be, and leaves the page as it was', () => {
    document.body.innerHTML = '<main><h1>T</h1><p>Text</p><button>Buy</button></main>';
    const button = document.querySelector('button')!;
    const heading = document.querySelector('h1')!;
    const before = document.body.innerHTML;
    const newSelector = selectorAfterMove(button, heading, 'before', selectorOf);
    expect(document.body.innerHTML).toBe(before);
    expect(newSelector).toBe('body > main > button');
    expect(reorderRecord('main > button', { selector: 'h1', insertOrder: 'before' }, newSelector)).toEqual({
      selector: 'main > button',
      type: 'move',
      key: '',
      value: '',
      moveType: 'reorder',
      targetSelector: 'h1',
      insertOrder: 'before',
      newSelector: 'body > main > button',
    });
  });

  it('says when a moved element reaches past the screen’s sides or above the page', () => {
    const viewport = { width: 390, scrollY: 0 };
    const box = { left: 20, top: 100, width: 300, height: 40 };
    expect(leavesViewport(box, viewport)).toBe(false);
    expect(leavesViewport({ ...box, left: 100 }, viewport)).toBe(true);
    expect(leavesViewport({ ...box, left: -1 }, viewport)).toBe(true);
    expect(leavesViewport({ ...box, top: -20 }, viewport)).toBe(true);
    expect(leavesViewport({ ...box, top: -20 }, { ...viewport, scrollY: 400 })).toBe(false);
    expect(leavesViewport({ ...box, top: 5000 }, viewport)).toBe(false);
  });

  it('adds a drag to an earlier anywhere move, in whole pixels', () => {
    expect(anywhereRecord('#badge', { x: 10.4, y: -20.6 })).toMatchObject({ moveType: 'anywhere', x: 10, y: -21 });
    expect(anywhereRecord('#badge', { x: 10, y: 5 }, { ...record, x: 30, y: 40 })).toMatchObject({ x: 40, y: 45 });
    const reorder = reorderRecord('#badge', { selector: 'h1', insertOrder: 'after' }, 'main > p');
    expect(anywhereRecord('#badge', { x: 3, y: 4 }, reorder)).toMatchObject({ x: 3, y: 4 });
  });
});
