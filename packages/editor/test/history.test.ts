import type { ChangeRecord } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { type DraftVersion, emptyHistory, HISTORY_LIMIT, historyReducer, isDirty } from '../src/changes/history';

const VERSIONS: DraftVersion[] = [
  { key: 'control', name: 'Control', isControl: true, changeRecords: [] },
  { key: 'treatment', name: 'Treatment', isControl: false, changeRecords: [] },
];
const colour = (value: string): ChangeRecord => ({ selector: 'h1', type: 'style', key: 'color', value });
const text: ChangeRecord = { selector: 'h1', type: '', key: 'textContent', value: 'Hi' };
const records = (history: ReturnType<typeof emptyHistory>, key = 'treatment') =>
  history.present.find((version) => version.key === key)!.changeRecords;

describe('changes, undo and redo', () => {
  it('keeps one record per property of an element, where it was first set', () => {
    let history = emptyHistory(VERSIONS);
    history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: colour('red') });
    history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: text });
    history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: colour('blue') });
    expect(records(history)).toEqual([colour('blue'), text]);
    expect(history.past).toHaveLength(3);
    // The same record again is no step.
    expect(historyReducer(history, { type: 'put', versionKey: 'treatment', record: colour('blue') })).toBe(history);
  });

  it('undoes and redoes every step, and a new step drops what could be redone', () => {
    let history = emptyHistory(VERSIONS);
    history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: colour('red') });
    history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: text });
    history = historyReducer(history, { type: 'undo' });
    expect(records(history)).toEqual([colour('red')]);
    history = historyReducer(history, { type: 'undo' });
    expect(records(history)).toEqual([]);
    expect(historyReducer(history, { type: 'undo' })).toBe(history);
    history = historyReducer(history, { type: 'redo' });
    history = historyReducer(history, { type: 'redo' });
    expect(records(history)).toEqual([colour('red'), text]);
    expect(historyReducer(history, { type: 'redo' })).toBe(history);
    history = historyReducer(history, { type: 'undo' });
    history = historyReducer(history, { type: 'remove', versionKey: 'treatment', index: 0 });
    expect(records(history)).toEqual([]);
    expect(history.future).toEqual([]);
  });

  it('removes a record by its place, and unsets a property', () => {
    let history = emptyHistory(VERSIONS);
    history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: colour('red') });
    history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: text });
    expect(records(historyReducer(history, { type: 'remove', versionKey: 'treatment', index: 1 }))).toEqual([
      colour('red'),
    ]);
    expect(records(historyReducer(history, { type: 'unset', versionKey: 'treatment', record: colour('') }))).toEqual([
      text,
    ]);
    expect(historyReducer(history, { type: 'remove', versionKey: 'treatment', index: 5 })).toBe(history);
  });

  it('treats a move as one thing per element, whatever its mode', () => {
    let history = emptyHistory(VERSIONS);
    const reorder: ChangeRecord = {
      selector: '#buy',
      type: 'move',
      key: '',
      value: '',
      moveType: 'reorder',
      targetSelector: 'h1',
      insertOrder: 'before',
      newSelector: 'main > button',
    };
    const anywhere: ChangeRecord = {
      selector: '#buy',
      type: 'move',
      key: '',
      value: '',
      moveType: 'anywhere',
      x: 5,
      y: 6,
    };
    history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: reorder });
    history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: anywhere });
    expect(records(history)).toEqual([anywhere]);
  });

  it('leaves the control version as it is', () => {
    const history = emptyHistory(VERSIONS);
    expect(historyReducer(history, { type: 'put', versionKey: 'control', record: text })).toBe(history);
    expect(historyReducer(history, { type: 'put', versionKey: 'missing', record: text })).toBe(history);
  });

  it('adds versions with free keys, undoably', () => {
    let history = emptyHistory([...VERSIONS, { key: 'version-4', name: 'V4', isControl: false, changeRecords: [] }]);
    history = historyReducer(history, { type: 'addVersion', name: 'Version 4' });
    history = historyReducer(history, { type: 'addVersion', name: 'Version 5' });
    expect(history.present.map((version) => version.key)).toEqual([
      'control',
      'treatment',
      'version-4',
      'version-5',
      'version-6',
    ]);
    expect(historyReducer(history, { type: 'undo' }).present).toHaveLength(4);
  });

  it('knows when there is something to save, and forgets old steps past its limit', () => {
    let history = emptyHistory(VERSIONS);
    expect(isDirty(history)).toBe(false);
    for (let index = 0; index < HISTORY_LIMIT + 5; index++) {
      history = historyReducer(history, { type: 'put', versionKey: 'treatment', record: colour(`#${index}`) });
    }
    expect(isDirty(history)).toBe(true);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    history = historyReducer(history, { type: 'saved', versions: history.present });
    expect(isDirty(history)).toBe(false);
    expect(historyReducer(history, { type: 'load', versions: VERSIONS }).past).toEqual([]);
  });
});
