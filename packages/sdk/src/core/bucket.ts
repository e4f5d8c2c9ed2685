import { BUCKETS } from './constants';
import { asciiModulo, feed, finishModulo, type HashState, restart, snapshot } from './hash';
import type { Attributes } from './types';

/** ARCHITECTURE §5: murmur3_x86_32(utf8(salt + "." + unit), seed 0) mod 10000. */
export function bucket(salt: string, unit: string): number {
  restart();
  feed(salt);
  feed('.');
  feed(unit);
  return finishModulo(BUCKETS);
}

/** bucket(salt, ·) with the salt hashed once: evaluation hashes only the unit's bytes. */
export function createBucketer(salt: string): (unit: string) => number {
  restart();
  feed(salt);
  feed('.');
  const prefix: HashState = snapshot();
  return (unit) => {
    const ascii = asciiModulo(prefix, unit, BUCKETS);
    if (ascii >= 0) return ascii;
    restart(prefix);
    feed(unit);
    return finishModulo(BUCKETS);
  };
}

/** The unit id named by `attribute`: a non-empty string or a finite number (stringified); anything else is no unit. */
export function unitOf(attributes: Attributes, attribute: string): string | undefined {
  const value = attributes[attribute];
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
