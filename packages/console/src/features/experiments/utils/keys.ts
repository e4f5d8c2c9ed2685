// The server suggests keys from names too (for click goals picked in the visual editor): one rule, in the protocol.
export { keyFromName } from '@tabula/protocol';

/** `base`, or `base-2`, `base-3`… — the first that is not taken. */
export function uniqueKey(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.includes(candidate)) return candidate;
  }
}
