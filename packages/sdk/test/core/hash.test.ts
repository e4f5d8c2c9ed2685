import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucket, createBucketer, murmur3 } from '../../src/core';
import vectors from '../vectors.json';

type Vector = { salt: string; unit: string; hash: number; bucket: number };

/** A second implementation, byte-oriented over TextEncoder, for property checks against random strings. */
function referenceMurmur(text: string): number {
  const bytes = new TextEncoder().encode(text);
  let h = 0;
  let i = 0;
  const scramble = (k: number) => {
    let x = Math.imul(k, 0xcc9e2d51);
    x = (x << 15) | (x >>> 17);
    return Math.imul(x, 0x1b873593);
  };
  for (; i + 4 <= bytes.length; i += 4) {
    const k =
      (bytes[i] as number) |
      ((bytes[i + 1] as number) << 8) |
      ((bytes[i + 2] as number) << 16) |
      ((bytes[i + 3] as number) << 24);
    h ^= scramble(k);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let tail = 0;
  for (let j = bytes.length - 1; j >= i; j--) tail = (tail << 8) | (bytes[j] as number);
  if (bytes.length > i) h ^= scramble(tail);
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const anyText = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: loneSurrogate },
  ),
  maxLength: 40,
});

describe('murmur3', () => {
  it('gives the published MurmurHash3 x86_32 seed-0 values', () => {
    expect(murmur3('')).toBe(0);
    expect(murmur3('hello')).toBe(613153351);
    expect(murmur3('The quick brown fox jumps over the lazy dog')).toBe(0x2e4ff723);
  });

  it('matches every vector of test/vectors.json (computed by an independent implementation)', () => {
    const all = vectors as Vector[];
    expect(all.length).toBeGreaterThanOrEqual(40);
    for (const vector of all) {
      const label = JSON.stringify([vector.salt.slice(0, 20), vector.unit.slice(0, 20)]);
      expect(murmur3(`${vector.salt}.${vector.unit}`), label).toBe(vector.hash);
      expect(bucket(vector.salt, vector.unit), label).toBe(vector.bucket);
      expect(createBucketer(vector.salt)(vector.unit), label).toBe(vector.bucket);
    }
  });

  it('encodes like TextEncoder: surrogate pairs as 4 bytes, lone surrogates as U+FFFD', () => {
    expect(murmur3('😀')).toBe(referenceMurmur('😀'));
    expect(murmur3('\ud800')).toBe(murmur3('\ufffd'));
    expect(murmur3('a\udc00b')).toBe(murmur3('a\ufffdb'));
    expect(murmur3('\ude00\ud83d')).toBe(murmur3('\ufffd\ufffd'));
    fc.assert(
      fc.property(anyText, (text) => murmur3(text) === referenceMurmur(text)),
      { numRuns: 2_000 },
    );
  });
});

describe('bucket', () => {
  it('hashes salt, a dot and the unit, mod 10000', () => {
    fc.assert(
      fc.property(anyText, anyText, (salt, unit) => {
        const expected = referenceMurmur(`${salt}.${unit}`) % 10_000;
        return bucket(salt, unit) === expected && createBucketer(salt)(unit) === expected;
      }),
      { numRuns: 2_000 },
    );
  });

  it('is deterministic and stays in 0..9999', () => {
    fc.assert(
      fc.property(anyText, anyText, (salt, unit) => {
        const first = bucket(salt, unit);
        const bucketer = createBucketer(salt);
        return (
          first === bucket(salt, unit) &&
          first === bucketer(unit) &&
          first === bucketer(unit) &&
          first >= 0 &&
          first < 10_000
        );
      }),
    );
  });

  it('keeps a bucketer independent of hashes computed in between', () => {
    const bucketer = createBucketer('exp');
    const before = bucketer('user-1');
    bucket('other-salt-that-is-long', 'x');
    createBucketer('third');
    expect(bucketer('user-1')).toBe(before);
    expect(before).toBe(bucket('exp', 'user-1'));
  });
});
