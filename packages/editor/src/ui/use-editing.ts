import {
  type ChangeRecord,
  type Device,
  type InsertKind,
  type InsertPosition,
  insertedSelector,
  PAGE_SELECTOR,
  type PageChangeType,
} from '@tabula/protocol';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DraftVersion, emptyHistory, historyReducer, slotOf } from '../changes/history';
import { initialMove, type MoveState, moveReducer } from '../move/move-state';
import {
  anywhereRecord,
  canDropOn,
  type DropSide,
  dropSideAt,
  insertOrderOf,
  leavesViewport,
  reorderRecord,
  selectorAfterMove,
} from '../move/placement';
import type { Point } from '../page/page-target';
import type { PointerHandlers } from '../page/use-page-pointer';
import type { PropertyField } from '../properties/fields';
import { editField, recordOf } from '../properties/to-record';
import { isSelectable } from '../selection/relatives';
import { elementsMatching, groupSelectorOf, sameElements, selectorOf } from '../selection/selector';
import type { OverlayBox } from './overlay';

export interface Selection {
  /** The element whose properties the panel shows: the first one chosen. */
  element: Element;
  /** Every element chosen to change together, the first included. */
  elements: Element[];
  selector: string;
}

const NO_RECORDS: ChangeRecord[] = [];

const selectionOf = (elements: Element[], selector = groupSelectorOf(elements)): Selection => ({
  element: elements[0]!,
  elements,
  selector,
});

/**
 * The editing session's state and rules: the versions with their undo history, the chosen version, the selected
 * element, and a move in progress; and what the page's pointer does in edit mode.
 */
/** An inserted element's id: short, and unlikely to meet another's on the same page. */
const newInsertId = () => `new-${Math.random().toString(36).slice(2, 8)}`;

export function useEditing(options: {
  editorHost: Element;
  device: Device;
  notify(kind: 'error', text: string): void;
}) {
  const { t } = useTranslation();
  const { editorHost, device, notify } = options;
  const [history, dispatch] = useReducer(historyReducer, undefined, () => emptyHistory());
  const [versionKey, setVersionKey] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [hovered, setHovered] = useState<{ element: Element; point: Point } | null>(null);
  const [move, moveDispatch] = useReducer(moveReducer<Element>, undefined, () => initialMove<Element>());
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);

  const [offscreen, setOffscreen] = useState(false);
  useEffect(() => {
    setOffscreen(false);
    if (move.step !== 3) return;
    const { element } = move;
    const view = element.ownerDocument.defaultView;
    if (!view) return;
    // The page shows the moved element where it goes once the records are applied, after this render.
    const frame = view.requestAnimationFrame(() => {
      const viewport = { width: element.ownerDocument.documentElement.clientWidth, scrollY: view.scrollY };
      setOffscreen(leavesViewport(element.getBoundingClientRect(), viewport));
    });
    return () => view.cancelAnimationFrame(frame);
  }, [move]);

  const version: DraftVersion | null = history.present.find((candidate) => candidate.key === versionKey) ?? null;
  const records = version?.changeRecords ?? NO_RECORDS;
  /** What the page shows: the version's records, and a move waiting for Confirm. */
  const shown = useMemo(() => (move.step === 3 ? [...records, move.record] : records), [records, move]);

  /** Why the chosen version cannot be changed now, said to the user; null when it can. */
  const refusal = (): string | null => {
    if (!version) return t('messages.chooseGroup');
    if (version.isControl) return t('messages.controlReadOnly');
    return null;
  };
  const allowed = () => {
    const reason = refusal();
    if (reason) notify('error', reason);
    return reason === null;
  };

  const select = (element: Element | null) => setSelection(element ? selectionOf([element]) : null);
  /** Shift-click: the element joins the ones changed together, or leaves them; the selector finds them all. */
  const toggle = (element: Element) =>
    setSelection((current) => {
      if (!current) return selectionOf([element]);
      const elements = current.elements.includes(element)
        ? current.elements.filter((chosen) => chosen !== element)
        : [...current.elements, element];
      return elements.length > 0 ? selectionOf(elements) : null;
    });

  const editProperty = (field: PropertyField, text: string): string | null => {
    if (!selection) return t('messages.selectFirst');
    if (!allowed()) return null;
    const edit = editField(field, selection.selector, text);
    if (edit.kind === 'invalid') return t('prompts.inputValid', { s: t(`fields.${field.key}`) });
    if (edit.kind === 'unset') {
      dispatch({ type: 'unset', versionKey: version!.key, record: recordOf(field, selection.selector, '') });
    } else {
      dispatch({ type: 'put', versionKey: version!.key, record: edit.record });
    }
    return null;
  };

  /** A change of the selected element as a whole: hidden, or taken off the page. */
  const changeElement = (kind: 'hide' | 'remove') => {
    if (!selection) return notify('error', t('messages.selectFirst'));
    if (!allowed()) return;
    const { selector } = selection;
    const record: ChangeRecord =
      kind === 'hide'
        ? { selector, type: 'style', key: 'display', value: 'none' }
        : { selector, type: 'remove', key: '', value: '' };
    dispatch({ type: 'put', versionKey: version!.key, record });
  };

  /**
   * Inserts a new element of the editor's kinds next to or inside the selected one, with a text to start from, and
   * selects it once the page shows it, so its text, address and looks are edited like any other element's.
   */
  const insertElement = (kind: InsertKind, position: InsertPosition) => {
    if (!selection) return notify('error', t('messages.selectFirst'));
    if (!allowed()) return;
    const id = newInsertId();
    const inserted = insertedSelector(id);
    const put = (record: ChangeRecord) => dispatch({ type: 'put', versionKey: version!.key, record });
    put({ selector: selection.selector, type: 'insert', key: kind, value: id, insertOrder: position });
    if (kind !== 'image' && kind !== 'container') {
      put({ selector: inserted, type: '', key: 'textContent', value: t(`insert.defaultText.${kind}`) });
    }
    if (kind === 'link') put({ selector: inserted, type: 'attribute', key: 'href', value: '#' });
    const page = selection.element.ownerDocument;
    // The page shows the new element once the records are applied, after this render.
    setTimeout(() => {
      const [element] = elementsMatching(page, inserted);
      if (element) setSelection(selectionOf([element], inserted));
    });
  };

  /** A change of the whole page: its style sheet, script or redirect; an empty one is taken away. */
  const setPageChange = (type: PageChangeType, value: string) => {
    if (!allowed()) return;
    const record: ChangeRecord = { selector: PAGE_SELECTOR, type, key: '', value };
    dispatch(
      value.trim()
        ? { type: 'put', versionKey: version!.key, record }
        : { type: 'unset', versionKey: version!.key, record },
    );
  };

  /**
   * A typed selector: the elements chosen stay chosen when it still finds them all (the panel then says what else it
   * finds); otherwise what it finds becomes the choice.
   */
  const typeSelector = (selector: string): string | null => {
    const found = elementsMatching(selection?.element.ownerDocument ?? document, selector);
    const selectable = found.filter((element) => isSelectable(element, editorHost));
    if (!selector || selectable.length === 0) return t('selection.noMatch');
    const kept = selection?.elements.every((element) => found.includes(element));
    setSelection(selectionOf(kept ? selection!.elements : selectable, selector));
    return null;
  };

  /** The elements a selector finds, chosen together: a change or goal in a list shows what it reaches. */
  const selectMatching = (page: Document, selector: string): boolean => {
    const found = elementsMatching(page, selector).filter((element) => isSelectable(element, editorHost));
    if (found.length > 0) setSelection(selectionOf(found, selector));
    return found.length > 0;
  };

  const dropSide = (): DropSide | null => {
    if (move.step !== 2 || move.mode !== 'reorder' || !hovered || !canDropOn(move.element, hovered.element))
      return null;
    return dropSideAt(hovered.element.getBoundingClientRect(), hovered.point);
  };

  const moveHandlers: PointerHandlers = {
    hover: (element, point) => {
      const next = element && isSelectable(element, editorHost) ? element : null;
      // Where the pointer is on the element matters only while choosing where a reordered element goes.
      const needsPoint = move.step === 2 && move.mode === 'reorder';
      setHovered((current) =>
        next === null ? null : current?.element === next && !needsPoint ? current : { element: next, point },
      );
    },
    press: (element, point) => {
      if (move.step === 2 && move.mode === 'anywhere' && move.element.contains(element))
        setDrag({ from: point, to: point });
    },
    drag: (point) => setDrag((current) => current && { ...current, to: point }),
    release: (point) => {
      if (!drag || move.step !== 2 || !selection) return setDrag(null);
      const earlier = records.find(
        (record) => slotOf(record) === slotOf({ selector: selection.selector, type: 'move', key: '', device }),
      );
      const shift = { x: point.x - drag.from.x, y: point.y - drag.from.y };
      moveDispatch({ type: 'drop', record: anywhereRecord(selection.selector, shift, earlier, device) });
      setDrag(null);
    },
    click: (element, point, adding) => {
      if (!isSelectable(element, editorHost)) return;
      if (move.step === 1) {
        select(element);
        moveDispatch({ type: 'choose', element });
      } else if (move.step === 2 && move.mode === 'reorder' && selection) {
        if (!canDropOn(move.element, element)) return;
        const insertOrder = insertOrderOf(dropSideAt(element.getBoundingClientRect(), point));
        const newSelector = selectorAfterMove(move.element, element, insertOrder, selectorOf);
        const target = { selector: selectorOf(element), insertOrder };
        moveDispatch({ type: 'drop', record: reorderRecord(selection.selector, target, newSelector) });
      } else if (move.step === 0) {
        if (adding) toggle(element);
        else select(element);
      }
    },
  };

  // What the selection's selector finds. The page shows the changes only after this render (an effect), so the
  // editor reads it from an effect of its own that runs after theirs (readMatches), once per change of the selection
  // or of the changes rather than on every render: the pointer re-renders the editor as it moves.
  const [matched, setMatched] = useState<Element[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's changes can change what the selector finds
  const readMatches = useCallback(() => {
    const next = selection ? elementsMatching(selection.element.ownerDocument, selection.selector) : [];
    setMatched((current) => (sameElements(current, next) ? current : next));
  }, [selection, shown]);

  const overlay: OverlayBox[] = [];
  const side = dropSide();
  if (hovered && hovered.element !== selection?.element && move.step !== 2)
    overlay.push({ element: hovered.element, kind: 'hover' });
  if (side && hovered) overlay.push({ element: hovered.element, kind: 'target', side });
  if (selection) {
    for (const element of selection.elements) overlay.push({ element, kind: 'selected' });
    // What else the selector finds, so a loose selector is seen on the page.
    for (const element of matched) {
      if (!selection.elements.includes(element)) overlay.push({ element, kind: 'match' });
    }
  }
  if (drag && selection) {
    overlay.push({
      element: selection.element,
      kind: 'ghost',
      shift: { x: drag.to.x - drag.from.x, y: drag.to.y - drag.from.y },
    });
  }

  return {
    history,
    dispatch,
    version,
    records,
    shown,
    selectVersion: (key: string) => {
      setVersionKey(key);
      moveDispatch({ type: 'cancel' });
    },
    selection,
    /** The elements the selection's selector finds on the page. */
    matched,
    /** Reads them again: call it after the page shows the changes. */
    readMatches,
    select,
    selectMatching,
    editProperty,
    changeElement,
    insertElement,
    setPageChange,
    typeSelector,
    move: move as MoveState<Element>,
    /** The element just moved reaches past the screen on this device. */
    offscreen,
    moveDispatch,
    startMove: () => allowed() && moveDispatch({ type: 'start' }),
    confirmMove: () => {
      if (move.step !== 3 || !version) return;
      dispatch({ type: 'put', versionKey: version.key, record: move.record });
      const moved = move.record.newSelector;
      if (moved) setSelection(selectionOf([move.element], moved));
      moveDispatch({ type: 'confirm' });
    },
    /** A change elsewhere in the editor: the page's elements are no longer those selected. */
    resetPage: () => {
      setSelection(null);
      setHovered(null);
      setDrag(null);
      moveDispatch({ type: 'cancel' });
    },
    refusal,
    allowed,
    pointer: moveHandlers,
    overlay,
  };
}
