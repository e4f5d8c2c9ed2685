/**
 * Visitor and event ids are v4 uuids, built from getRandomValues (crypto.randomUUID exists only in secure contexts,
 * and plain-http pages need ids too): each 0/1/8 of the template becomes a random hex digit, keeping the version (4)
 * and variant (8-b) bits.
 */
export const uuid = (): string =>
  '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
    (+digit ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+digit / 4)))).toString(16),
  );
