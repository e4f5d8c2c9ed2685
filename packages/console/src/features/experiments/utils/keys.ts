const KEY_MAX = 64;

/**
 * The key a name suggests: lowercase ASCII words joined by "-", as the protocol's key rule wants. A name without
 * Latin letters ("实验组 2" would give just "2") suggests nothing, and the key stays as it is or is typed.
 */
export function keyFromName(name: string): string {
  const key = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, KEY_MAX)
    .replace(/-+$/, '');
  return /[a-z]/.test(key) ? key : '';
}

/** `base`, or `base-2`, `base-3`… — the first that is not taken. */
export function uniqueKey(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.includes(candidate)) return candidate;
  }
}
