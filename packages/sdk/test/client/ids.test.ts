import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuid } from '../../src/client/ids';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uuid', () => {
  it('uses crypto.randomUUID where it exists', () => {
    expect(uuid()).toMatch(V4);
  });

  it('builds distinct v4 uuids from getRandomValues on plain-http pages (no randomUUID)', () => {
    const { crypto } = globalThis;
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const ids = new Set(Array.from({ length: 2_000 }, () => uuid()));
    expect(ids.size).toBe(2_000);
    for (const id of ids) expect(id).toMatch(V4);
  });

  it('still answers a well-formed id without any crypto', () => {
    vi.stubGlobal('crypto', undefined);
    expect(uuid()).toMatch(V4);
  });
});
