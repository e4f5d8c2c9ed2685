import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuid } from '../../src/client/ids';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uuid', () => {
  it('builds distinct v4 uuids from getRandomValues, which plain-http pages have too (unlike randomUUID)', () => {
    const { crypto } = globalThis;
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const ids = new Set(Array.from({ length: 2_000 }, () => uuid()));
    expect(ids.size).toBe(2_000);
    for (const id of ids) expect(id).toMatch(V4);
  });

  it('sets every random digit: each position takes all its values', () => {
    const seen = Array.from({ length: 36 }, () => new Set<string>());
    for (let i = 0; i < 2_000; i++) {
      [...uuid()].forEach((char, index) => {
        seen[index]!.add(char);
      });
    }
    const sizes = seen.map((values) => values.size);
    // Dashes and the version digit are fixed; the variant digit takes 8–b; the others all 16 hex digits.
    expect(sizes).toEqual([...'xxxxxxxx-xxxx-4xxx-vxxx-xxxxxxxxxxxx'].map((c) => (c === 'x' ? 16 : c === 'v' ? 4 : 1)));
  });
});
