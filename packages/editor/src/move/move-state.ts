import type { ChangeRecord } from '@tabula/protocol';

/** Spec §4: the two ways to move an element. */
export const MOVE_MODES = ['reorder', 'anywhere'] as const;
export type MoveMode = (typeof MOVE_MODES)[number];

/** Spec §4: element move states 0 to 3. */
export const MOVE_STEPS = { notStarted: 0, waitingToSelect: 1, moving: 2, moved: 3 } as const;

/**
 * Where a move stands: not started; waiting for the element to move (Start Move was pressed); moving it (reorder:
 * pick where it goes; anywhere: drag it); moved, with the record that Confirm keeps. `E` is the page's element.
 */
export type MoveState<E> =
  | { step: 0; mode: MoveMode }
  | { step: 1; mode: MoveMode }
  | { step: 2; mode: MoveMode; element: E }
  | { step: 3; mode: MoveMode; element: E; record: ChangeRecord };

export type MoveAction<E> =
  | { type: 'mode'; mode: MoveMode }
  | { type: 'start' }
  | { type: 'choose'; element: E }
  | { type: 'drop'; record: ChangeRecord }
  | { type: 'confirm' }
  | { type: 'cancel' };

export const initialMove = <E>(mode: MoveMode = 'reorder'): MoveState<E> => ({ step: 0, mode });

/**
 * Each action acts only in the step it belongs to: a drop while waiting for an element, or a confirm before
 * anything moved, changes nothing. The mode is chosen before an element is; confirm and cancel both end the move.
 */
export function moveReducer<E>(state: MoveState<E>, action: MoveAction<E>): MoveState<E> {
  switch (action.type) {
    case 'mode':
      return state.step <= 1 ? { ...state, mode: action.mode } : state;
    case 'start':
      return state.step === 0 ? { step: 1, mode: state.mode } : state;
    case 'choose':
      return state.step === 1 ? { step: 2, mode: state.mode, element: action.element } : state;
    case 'drop':
      return state.step === 2 || state.step === 3
        ? { step: 3, mode: state.mode, element: state.element, record: action.record }
        : state;
    case 'confirm':
    case 'cancel':
      return { step: 0, mode: state.mode };
  }
}
