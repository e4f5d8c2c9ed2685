/**
 * The local-storage record envelope of spec §3: every stored record is `{ version, createdAt, updatedAt, data }`.
 * A record of another version is migrated when a migration chain reaches the current version, otherwise cleared;
 * a record that is not a valid envelope, or whose data fails validation, is removed. Nothing here throws: storage
 * that is missing, full or forbidden (private mode, sandboxed iframes) degrades to memory.
 */

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
  /** The whole envelope, for callers that care about its age (e.g. a cached payload). */
  readRecord(): StoredRecord<T> | undefined;
  write(data: T): void;
  clear(): void;
}

export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

/** Touching `localStorage` itself can throw (SecurityError), so the lookup is guarded too. */
export function defaultStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // fall through to memory
  }
  return createMemoryStorage();
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function readEnvelope(raw: string): StoredRecord<unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || !('data' in value)) return undefined;
  const { version, createdAt, updatedAt, data } = value as Record<string, unknown>;
  if (!Number.isInteger(version) || !isCount(createdAt) || !isCount(updatedAt)) return undefined;
  return { version: version as number, createdAt, updatedAt, data };
}

function migrate(
  record: StoredRecord<unknown>,
  target: number,
  migrations: Readonly<Record<number, Migration>>,
): unknown {
  let { version, data } = record;
  while (version < target) {
    const step = migrations[version];
    if (!step) return undefined;
    data = step(data);
    version += 1;
  }
  return version === target ? data : undefined;
}

export function createEnvelopeStore<T>(options: EnvelopeOptions<T>): EnvelopeStore<T> {
  const { key, version, parse, migrations = {}, now = Date.now } = options;
  let storage = options.storage ?? defaultStorage();

  const remove = (): void => {
    try {
      storage.removeItem(key);
    } catch {
      // nothing stored that we can reach
    }
  };

  const save = (record: StoredRecord<T>): void => {
    try {
      storage.setItem(key, JSON.stringify(record));
    } catch {
      // Quota exceeded or storage forbidden: keep working in memory for this page's life.
      storage = createMemoryStorage();
      storage.setItem(key, JSON.stringify(record));
    }
  };

  const readRecord = (): StoredRecord<T> | undefined => {
    let raw: string | null;
    try {
      raw = storage.getItem(key);
    } catch {
      return undefined;
    }
    if (raw === null) return undefined;
    const record = readEnvelope(raw);
    if (!record) {
      remove();
      return undefined;
    }
    if (record.version === version) {
      const data = parse(record.data);
      if (data === undefined) remove();
      return data === undefined ? undefined : { ...record, data };
    }
    let migrated: unknown;
    try {
      migrated = migrate(record, version, migrations);
    } catch {
      migrated = undefined;
    }
    const data = migrated === undefined ? undefined : parse(migrated);
    if (data === undefined) {
      remove();
      return undefined;
    }
    const upgraded = { version, createdAt: record.createdAt, updatedAt: now(), data };
    save(upgraded);
    return upgraded;
  };

  return {
    read: () => readRecord()?.data,
    readRecord,
    write(data) {
      const existing = readRecord();
      const at = now();
      save({ version, createdAt: existing?.createdAt ?? at, updatedAt: at, data });
    },
    clear: remove,
  };
}
