const KEY_MAX = 64;

/**
 * The key a name suggests: lowercase ASCII words joined by "-", as the key rule wants. A name without Latin letters
 * ("实验组 2" would give just "2") suggests nothing, and the key is typed or made some other way.
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
