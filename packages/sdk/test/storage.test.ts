import { describe, expect, it } from 'vitest';
import { createEnvelopeStore, createMemoryStorage, type StorageLike } from '../src';
import { hostileStorage } from './hostile-storage';

type Settings = { theme: string };
const parseSettings = (data: unknown): Settings | undefined =>
  typeof data === 'object' && data !== null && typeof (data as Settings).theme === 'string'
    ? { theme: (data as Settings).theme }
    : undefined;

function setup(options: {
  version?: number;
  storage?: StorageLike;
  migrations?: Record<number, (d: unknown) => unknown>;
}) {
  let clock = 1_000;
  const storage = options.storage ?? createMemoryStorage();
  const store = createEnvelopeStore<Settings>({
    key: 'settings',
    version: options.version ?? 2,
    parse: parseSettings,
    migrations: options.migrations,
    storage,
    now: () => clock,
  });
  return { store, storage, tick: (ms: number) => (clock += ms) };
}

describe('storage envelope (spec §3)', () => {
  it('wraps data in version, createdAt, updatedAt and keeps createdAt across writes', () => {
    const { store, storage, tick } = setup({});
    store.write({ theme: 'tab' });
    tick(500);
    store.write({ theme: 'mg' });
    expect(JSON.parse(storage.getItem('settings') ?? '')).toEqual({
      version: 2,
      createdAt: 1_000,
      updatedAt: 1_500,
      data: { theme: 'mg' },
    });
    expect(store.read()).toEqual({ theme: 'mg' });
  });

  it('migrates a record of an older version through the chain and saves the result', () => {
    const storage = createMemoryStorage();
    storage.setItem('settings', JSON.stringify({ version: 0, createdAt: 10, updatedAt: 10, data: 'abc' }));
    const { store } = setup({
      storage,
      migrations: { 0: (name) => ({ family: name }), 1: (d) => ({ theme: (d as { family: string }).family }) },
    });
    expect(store.read()).toEqual({ theme: 'abc' });
    expect(JSON.parse(storage.getItem('settings') ?? '')).toMatchObject({ version: 2, createdAt: 10 });
  });

  it('clears a mismatched version that no migration reaches', () => {
    const storage = createMemoryStorage();
    storage.setItem('settings', JSON.stringify({ version: 1, createdAt: 1, updatedAt: 1, data: { theme: 'x' } }));
    const { store } = setup({ storage, migrations: { 0: (d) => d } });
    expect(store.read()).toBeUndefined();
    expect(storage.getItem('settings')).toBeNull();
  });

  it('clears a record from a newer version instead of guessing', () => {
    const storage = createMemoryStorage();
    storage.setItem('settings', JSON.stringify({ version: 3, createdAt: 1, updatedAt: 1, data: { theme: 'x' } }));
    expect(setup({ storage }).store.read()).toBeUndefined();
    expect(storage.getItem('settings')).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an object', '"text"'],
    ['missing data', JSON.stringify({ version: 2, createdAt: 1, updatedAt: 1 })],
    ['non-integer version', JSON.stringify({ version: '2', createdAt: 1, updatedAt: 1, data: {} })],
    ['bad timestamps', JSON.stringify({ version: 2, createdAt: 'now', updatedAt: 1, data: { theme: 'x' } })],
    ['data failing validation', JSON.stringify({ version: 2, createdAt: 1, updatedAt: 1, data: { theme: 4 } })],
  ])('removes an invalid record: %s', (_, raw) => {
    const storage = createMemoryStorage();
    storage.setItem('settings', raw);
    expect(setup({ storage }).store.read()).toBeUndefined();
    expect(storage.getItem('settings')).toBeNull();
  });

  it('removes a record whose migration throws', () => {
    const storage = createMemoryStorage();
    storage.setItem('settings', JSON.stringify({ version: 1, createdAt: 1, updatedAt: 1, data: null }));
    const { store } = setup({
      storage,
      migrations: {
        1: () => {
          throw new Error('bad');
        },
      },
    });
    expect(store.read()).toBeUndefined();
    expect(storage.getItem('settings')).toBeNull();
  });

  it('never throws when storage is forbidden or full, and keeps the value in memory', () => {
    const { store } = setup({ storage: hostileStorage });
    expect(() => store.write({ theme: 'tab' })).not.toThrow();
    expect(store.read()).toEqual({ theme: 'tab' });
    expect(() => store.clear()).not.toThrow();
  });
});
