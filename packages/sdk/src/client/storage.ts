/**
 * The local-storage record envelope of spec §3: every stored record is `{ version, createdAt, updatedAt, data }`.
 * A record of another version is migrated when a migration chain reaches the current version, otherwise cleared;
 * a record that is not a valid envelope, or whose data fails validation, is removed. Nothing here throws: storage
 * that is missing, full or forbidden (private mode, sandboxed iframes) degrades to memory.
 */
import { isObject } from '../core/coercion';

export interface StoredRecord<T> {
  version: number;
  createdAt: number;
  updatedAt: number;
  data: T;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Turns the data of version `n` into the data of version `n + 1`. */
export type Migration = (data: unknown) => unknown;

export interface EnvelopeOptions<T> {
  key: string;
  version: number;
  /** Returns the data when it is well-formed for the current version, else undefined. */
  parse: (data: unknown) => T | undefined;
  /** Keyed by the version a migration starts from. */
  migrations?: Readonly<Record<number, Migration>>;
  storage?: StorageLike;
  now?: () => number;
}

export interface EnvelopeStore<T> {
  read(): T | undefined;
  write(data: T): void;
  clear(): void;
}

export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Touching `localStorage` itself can throw (SecurityError), so the lookup is guarded too. */
export function defaultStorage(): StorageLike {
  return attempt(() => globalThis.localStorage) || createMemoryStorage();
}

/** What storage (or a JSON text in it) answers, or undefined when reaching it throws. */
function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

function isEnvelope(value: unknown): value is StoredRecord<unknown> {
  if (!isObject(value) || !('data' in value)) return false;
  const { version, createdAt, updatedAt } = value;
  return Number.isInteger(version) && Number.isFinite(createdAt) && Number.isFinite(updatedAt);
}

/**
 * The data of a record of an older version, carried through the migration chain; undefined when no chain reaches the
 * current version (or the record is newer).
 */
function migrate(record: StoredRecord<unknown>, target: number, migrations: Readonly<Record<number, Migration>>) {
  let { version, data } = record;
  for (; version < target; version++) {
    const step = migrations[version];
    if (!step) return undefined;
    data = step(data);
  }
  return version === target ? data : undefined;
}

/** A store that migrates records of older versions through `options.migrations`. */
export const createEnvelopeStore = <T>(options: EnvelopeOptions<T>): EnvelopeStore<T> =>
  createStore(options, (record) => migrate(record, options.version, options.migrations || {}));

/**
 * The store itself; without `upgrade`, a record of another version is simply cleared. The SDK's own records have
 * known only version 1, so the snippet bundle carries no migration code.
 */
export function createStore<T>(
  options: EnvelopeOptions<T>,
  upgrade?: (record: StoredRecord<unknown>) => unknown,
): EnvelopeStore<T> {
  const { key, version, parse, now = Date.now } = options;
  let storage = options.storage || defaultStorage();
  /** Of the record last read or written here: a write keeps it without reading (and parsing) the record again. */
  let createdAt: number | undefined;
  const remove = (): undefined => {
    createdAt = undefined;
    attempt(() => storage.removeItem(key));
    return undefined;
  };

  const save = (data: T): void => {
    const updatedAt = now();
    const record = { version, createdAt: createdAt ?? updatedAt, updatedAt, data };
    const text = JSON.stringify(record);
    try {
      storage.setItem(key, text);
    } catch {
      // Quota exceeded or storage forbidden: keep working in memory for this page's life.
      storage = createMemoryStorage();
      storage.setItem(key, text);
    }
  };

  const read = (): T | undefined => {
    // JSON.parse(null) is null: nothing stored. Unreadable storage or text is undefined: removed.
    const record = attempt(() => JSON.parse(storage.getItem(key) as string));
    if (record === null) return undefined;
    const current = isEnvelope(record)
      ? record.version === version
        ? record.data
        : upgrade && attempt(() => upgrade(record))
      : undefined;
    const data = current === undefined ? undefined : parse(current);
    if (data === undefined) return remove();
    createdAt = record.createdAt;
    // A migrated record is saved in the current version.
    if (record.version !== version) save(data);
    return data;
  };

  return {
    read,
    write(data) {
      if (createdAt === undefined) read();
      save(data);
    },
    clear: remove,
  };
}
