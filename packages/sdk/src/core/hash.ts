// MurmurHash3 x86 32-bit over the UTF-8 bytes of strings, encoded on the fly from charCodeAt so nothing is allocated.
// Bytes are fed in a stream (the state lives in the module variables below), so a bucketer can hash its salt once
// and resume from that state for every unit.

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/** The running hash, the bytes not yet mixed (little-endian), how many bits of them, and the total length. */
let h = 0;
let k = 0;
let bits = 0;
let length = 0;

export interface HashState {
  readonly h: number;
  readonly k: number;
  readonly bits: number;
  readonly length: number;
}

export function restart(state?: HashState): void {
  h = state?.h ?? 0;
  k = state?.k ?? 0;
  bits = state?.bits ?? 0;
  length = state?.length ?? 0;
}

export function snapshot(): HashState {
  return { h, k, bits, length };
}

function mixBlock(hash: number, block: number): number {
  let b = Math.imul(block, C1);
  b = (b << 15) | (b >>> 17);
  b = Math.imul(b, C2);
  const x = hash ^ b;
  return (Math.imul((x << 13) | (x >>> 19), 5) + 0xe6546b64) | 0;
}

/** Feeds the UTF-8 encoding of `text`; lone surrogates become U+FFFD as TextEncoder does. */
export function feed(text: string): void {
  let hash = h;
  let pending = k;
  let used = bits;
  let bytes = length;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    let code = text.charCodeAt(i);
    let count = 1;
    if (code >= 0x80) {
      if (code < 0x800) {
        count = 2;
      } else if (code < 0xd800 || code > 0xdfff) {
        count = 3;
      } else {
        const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          count = 4;
          i += 1;
        } else {
          code = 0xfffd;
          count = 3;
        }
      }
    }
    for (let j = 0; j < count; j++) {
      // The lead byte carries count − 1 high bits (110…, 1110…, 11110…); continuation bytes 10 and 6 bits each.
      const byte =
        count === 1
          ? code
          : j === 0
            ? ((0xf00 >> count) & 0xff) | (code >> (6 * (count - 1)))
            : 0x80 | ((code >> (6 * (count - 1 - j))) & 0x3f);
      pending |= byte << used;
      used += 8;
      bytes += 1;
      if (used === 32) {
        hash = mixBlock(hash, pending);
        pending = 0;
        used = 0;
      }
    }
  }
  h = hash;
  k = pending;
  bits = used;
  length = bytes;
}

function finalMix(hash: number, pending: number, used: number, bytes: number): number {
  let x = hash;
  if (used !== 0) {
    let tail = Math.imul(pending, C1);
    tail = (tail << 15) | (tail >>> 17);
    x ^= Math.imul(tail, C2);
  }
  x ^= bytes;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/**
 * `hash` (signed 32-bit) read as unsigned, mod `divisor` (at most 65536), in small-integer arithmetic: an unsigned
 * hash above 2^31 would be a double and the modulo a floating-point one. With hash = hi·65536 + lo,
 * hash mod d = ((hi mod d)·(65536 mod d) + lo) mod d.
 */
function unsignedModulo(hash: number, divisor: number): number {
  return (((hash >>> 16) % divisor) * (65_536 % divisor) + (hash & 0xffff)) % divisor;
}

/** The unsigned 32-bit hash of everything fed since the last restart. */
export function finish(): number {
  return finalMix(h, k, bits, length) >>> 0;
}

/** finish() mod `divisor` (at most 65536). */
export function finishModulo(divisor: number): number {
  return unsignedModulo(finalMix(h, k, bits, length), divisor);
}

/**
 * The hash of a state followed by `text`, mod `divisor`, when `text` is pure ASCII (unit ids nearly always are); -1
 * otherwise, and the caller takes the general path. It reads four characters per block and keeps everything in
 * locals, about half the cost of feeding byte by byte.
 */
export function asciiModulo(state: HashState, text: string, divisor: number): number {
  let hash = state.h;
  let pending = state.k;
  let used = state.bits;
  const n = text.length;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    const c0 = text.charCodeAt(i);
    const c1 = text.charCodeAt(i + 1);
    const c2 = text.charCodeAt(i + 2);
    const c3 = text.charCodeAt(i + 3);
    if ((c0 | c1 | c2 | c3) >= 0x80) return -1;
    const word = c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
    // The block starts with the bytes already pending; the word's last bytes stay pending.
    hash = mixBlock(hash, pending | (word << used));
    pending = used === 0 ? 0 : word >>> (32 - used);
  }
  for (; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return -1;
    pending |= code << used;
    used += 8;
    if (used === 32) {
      hash = mixBlock(hash, pending);
      pending = 0;
      used = 0;
    }
  }
  return unsignedModulo(finalMix(hash, pending, used, state.length + n), divisor);
}

/** MurmurHash3 x86 32-bit, seed 0, of the UTF-8 bytes of `text`, unsigned. */
export function murmur3(text: string): number {
  restart();
  feed(text);
  return finish();
}
