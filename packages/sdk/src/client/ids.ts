/**
 * Visitor and event ids are v4 uuids. `crypto.randomUUID` exists only in secure contexts, so plain-http pages build
 * the same format from getRandomValues: each 0/1/8 of the template becomes a random hex digit, keeping the version
 * (4) and variant (8-b) bits.
 */
export function uuid(): string {
  const crypto = globalThis.crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  const random = (): number =>
    crypto?.getRandomValues ? crypto.getRandomValues(new Uint8Array(1))[0]! : Math.random() * 256;
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
    (+digit ^ ((random() & 15) >> (+digit / 4))).toString(16),
  );
}
