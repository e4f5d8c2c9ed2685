import { PAGE_META } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { editionFor, familyOf, readEditions } from './edition';

const editions = {
  'ab.example.com': 'international',
  'games.example.com': 'mini-games',
  'tab.example.com': 'internal-tab',
  'pay.example.com': 'payment-tab',
} as const;

describe('editions (spec §1)', () => {
  it.each([
    ['ab.example.com', 'international', 'abc'],
    ['games.example.com', 'mini-games', 'mg'],
    ['tab.example.com', 'internal-tab', 'tab'],
    ['PAY.example.com', 'payment-tab', 'tab'],
  ] as const)('%s serves the %s edition of the %s family', (host, edition, family) => {
    expect(editionFor(host, editions, 'mini-games')).toBe(edition);
    expect(familyOf(editionFor(host, editions, null))).toBe(family);
  });

  it('falls back to the stored theme when the host names no edition', () => {
    expect(editionFor('localhost', editions, 'payment-tab')).toBe('payment-tab');
    expect(editionFor('localhost', {}, 'international')).toBe('international');
  });

  it('falls back to the internal tab edition when nothing is stored', () => {
    expect(editionFor('localhost', editions, null)).toBe('internal-tab');
  });

  it('reads the injected map, and no map at all from a missing or broken one', () => {
    const meta = (value: string | undefined) => (name: string) => (name === PAGE_META.editions ? value : undefined);
    expect(readEditions(meta('{"ab.example.com":"international"}'))).toEqual({ 'ab.example.com': 'international' });
    for (const broken of [undefined, '{', '{"ab.example.com":"gold"}', '[]']) {
      expect(readEditions(meta(broken)), String(broken)).toEqual({});
    }
  });
});
