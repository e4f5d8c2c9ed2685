import type { ChangeRecord } from '@tabula/protocol';

/** A version as the editor holds it while editing. */
export interface DraftVersion {
  key: string;
  name: string;
  isControl: boolean;
  changeRecords: ChangeRecord[];
}

/** The versions now, the states undo goes back to and redo forward to, and what was last saved. */
export interface History {
  present: DraftVersion[];
  past: DraftVersion[][];
  future: DraftVersion[][];
  saved: DraftVersion[];
}

/**
 * What a record sets: a later record setting the same thing replaces it where it stands, so the list holds one entry
 * per property of an element rather than one per keystroke. An element's move is one thing per device, whatever its
 * mode; each inserted element is one of its own.
 */
export const slotOf = (
  record: Pick<ChangeRecord, 'selector' | 'type' | 'key'> & Partial<Pick<ChangeRecord, 'value' | 'device'>>,
): string => {
  if (record.type === 'move') return `${record.selector}\u0000move\u0000${record.device ?? ''}`;
  if (record.type === 'insert') return `${record.selector}\u0000insert\u0000${record.value}`;
  return `${record.selector}\u0000${record.type}\u0000${record.key}`;
};

export type HistoryAction =
  | { type: 'load'; versions: DraftVersion[] }
  | { type: 'saved'; versions: DraftVersion[] }
  | { type: 'put'; versionKey: string; record: ChangeRecord }
  | { type: 'unset'; versionKey: string; record: Parameters<typeof slotOf>[0] }
  | { type: 'remove'; versionKey: string; index: number }
  | { type: 'addVersion'; name: string }
  | { type: 'undo' }
  | { type: 'redo' };

/** Enough to undo a long session; older steps are let go. */
export const HISTORY_LIMIT = 200;

export const emptyHistory = (versions: DraftVersion[] = []): History => ({
  present: versions,
  past: [],
  future: [],
  saved: versions,
});

function sameRecord(a: ChangeRecord, b: ChangeRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The next free `version-<n>`, n counting from the number of versions there will be. */
function newVersionKey(versions: readonly DraftVersion[]): string {
  const taken = new Set(versions.map((version) => version.key));
  let number = versions.length + 1;
  while (taken.has(`version-${number}`)) number++;
  return `version-${number}`;
}

/** The records of a version after the action, or the same array when nothing changes. */
function editRecords(records: ChangeRecord[], action: HistoryAction): ChangeRecord[] {
  switch (action.type) {
    case 'put': {
      const index = records.findIndex((record) => slotOf(record) === slotOf(action.record));
      if (index < 0) return [...records, action.record];
      if (sameRecord(records[index]!, action.record)) return records;
      return records.map((record, at) => (at === index ? action.record : record));
    }
    case 'unset': {
      const kept = records.filter((record) => slotOf(record) !== slotOf(action.record));
      return kept.length === records.length ? records : kept;
    }
    case 'remove':
      return action.index >= 0 && action.index < records.length
        ? records.filter((_record, at) => at !== action.index)
        : records;
    default:
      return records;
  }
}

function commit(history: History, present: DraftVersion[]): History {
  if (present === history.present) return history;
  return { ...history, present, past: [...history.past, history.present].slice(-HISTORY_LIMIT), future: [] };
}

/**
 * The editor's changes as one reducer, so that every step can be undone and redone. The control version keeps the
 * page as it is (spec §5): changes to it are ignored here, and the interface says why before it gets this far.
 */
export function historyReducer(history: History, action: HistoryAction): History {
  switch (action.type) {
    case 'load':
      return emptyHistory(action.versions);
    case 'saved':
      return { ...history, present: action.versions, saved: action.versions };
    case 'undo': {
      const previous = history.past.at(-1);
      if (!previous) return history;
      return {
        ...history,
        present: previous,
        past: history.past.slice(0, -1),
        future: [history.present, ...history.future],
      };
    }
    case 'redo': {
      const [next, ...rest] = history.future;
      if (!next) return history;
      return { ...history, present: next, past: [...history.past, history.present], future: rest };
    }
    case 'addVersion':
      return commit(history, [
        ...history.present,
        { key: newVersionKey(history.present), name: action.name, isControl: false, changeRecords: [] },
      ]);
    case 'put':
    case 'unset':
    case 'remove': {
      const index = history.present.findIndex((version) => version.key === action.versionKey);
      const version = history.present[index];
      if (!version || version.isControl) return history;
      const records = editRecords(version.changeRecords, action);
      if (records === version.changeRecords) return history;
      return commit(
        history,
        history.present.map((candidate, at) => (at === index ? { ...candidate, changeRecords: records } : candidate)),
      );
    }
  }
}

export const isDirty = (history: History): boolean => history.present !== history.saved;
