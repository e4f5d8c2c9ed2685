// Bucketing (ARCHITECTURE §5): MurmurHash3 x86 32-bit over the UTF-8 bytes of strings, read straight from
// charCodeAt (nothing allocated) while they are ASCII, with the fast paths (fast-paths.ts). A hash can resume from the
// state another one reached, so a bucketer hashes its salt once and then only each unit's bytes. One module on
// purpose: evaluation calls nothing across modules here.
import { FAST_PATHS } from './fast-paths';
import type { Attributes } from './types';

/** Weights, traffic and layer slots are in basis points: 10000 is everyone. */
export const BUCKETS = 10_000;

/** A hash in progress: the running hash, the bytes not yet mixed (little-endian), how many bits of them, the length. */
type HashState = [hash: number, pending: number, bits: number, length: number];
const START: HashState = [0, 0, 0, 0];
/** The state the last hash reached before its final mix. */
const reached: HashState = [0, 0, 0, 0];

const rotate = (x: number, by: number): number => (x << by) | (x >>> (32 - by));
const scramble = (block: number): number => Math.imul(rotate(Math.imul(block, 0xcc9e2d51), 15), 0x1b873593);
const mix = (h: number, block: number): number => (Math.imul(rotate(h ^ scramble(block), 13), 5) + 0xe6546b64) | 0;

/**
 * The UTF-8 bytes of `text`, one per character: encodeURIComponent encodes UTF-8 and unescape turns each %XX back into
 * one character (both are language built-ins, unlike TextEncoder). Lone surrogates, on which encodeURIComponent
 * throws, first become U+FFFD as TextEncoder does: in a `u` pattern a surrogate pair is one character, so only lone
 * surrogates match.
 */
const utf8 = (text: string): string => unescape(encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, '\ufffd')));

/**
 * The hash of the bytes hashed in `from` followed by the UTF-8 bytes of `text`, as a signed 32-bit integer: `>>> 0`
 * reads it unsigned. Leaves its state in `reached`. With the fast paths (fast-paths.ts), characters are taken as bytes
 * while they are ASCII (unit ids nearly always are), four at a time, and past that the text is hashed again from its
 * UTF-8 encoding (`encoded`); without them, every text is encoded first and hashed byte by byte.
 */
function murmur(from: HashState, text: string, encoded?: boolean): number {
  const bytes = FAST_PATHS ? text : utf8(text);
  const limit = encoded ? 0xff : 0x7f;
  let [h, k, used] = from;
  const n = bytes.length;
  let i = 0;
  if (FAST_PATHS) {
    // Four bytes make one block at once with the bytes already pending, whose place the word's last bytes take.
    for (; i + 3 < n; i += 4) {
      const a = bytes.charCodeAt(i);
      const b = bytes.charCodeAt(i + 1);
      const c = bytes.charCodeAt(i + 2);
      const d = bytes.charCodeAt(i + 3);
      if ((a | b | c | d) > limit) return murmur(from, utf8(text), true);
      const word = a | (b << 8) | (c << 16) | (d << 24);
      h = mix(h, k | (word << used));
      k = used ? word >>> (32 - used) : 0;
    }
  }
  for (; i < n; i++) {
    const byte = bytes.charCodeAt(i);
    if (FAST_PATHS && byte > limit) return murmur(from, utf8(text), true);
    k |= byte << used;
    used += 8;
    if (used === 32) {
      h = mix(h, k);
      k = 0;
      used = 0;
    }
  }
  const length = from[3] + n;
  reached[0] = h;
  reached[1] = k;
  reached[2] = used;
  reached[3] = length;
  let x = h ^ (used ? scramble(k) : 0) ^ length;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** MurmurHash3 x86 32-bit, seed 0, of the UTF-8 bytes of `text`, unsigned. */
export const murmur3 = (text: string): number => murmur(START, text) >>> 0;

/** bucket(salt, ·) with the salt hashed once: evaluation hashes only the unit's bytes. */
export function createBucketer(salt: string): (unit: string) => number {
  murmur(START, `${salt}.`);
  const prefix: HashState = [...reached];
  return (unit) => {
    // The hash read unsigned, mod 10000, in small-integer arithmetic: an unsigned hash above 2^31 would be a double
    // and the modulo a floating-point one. With hash = hi·65536 + lo, it is ((hi mod d)·(65536 mod d) + lo) mod d.
    const hash = murmur(prefix, unit);
    return (((hash >>> 16) % BUCKETS) * (65_536 % BUCKETS) + (hash & 0xffff)) % BUCKETS;
  };
}

/** ARCHITECTURE §5: murmur3_x86_32(utf8(salt + "." + unit), seed 0) mod 10000. */
export const bucket = (salt: string, unit: string): number => createBucketer(salt)(unit);

/** The unit id named by `attribute`: a non-empty string or a finite number (stringified); anything else is no unit. */
export function unitOf(attributes: Attributes, attribute: string): string | undefined {
  const value = attributes[attribute];
  if (value !== '' && (typeof value === 'string' || Number.isFinite(value))) return String(value);
  return undefined;
}
