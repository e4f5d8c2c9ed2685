/** One field of an audited entity, before and after the change; `path` is dotted (`settings.color`). */
export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  kind: 'added' | 'removed' | 'changed';
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  if (prefix) into.set(prefix, value);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between two snapshots, nested objects opened into dotted paths; arrays compare whole. */
export function diffSnapshots(before: unknown, after: unknown): DiffRow[] {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  flatten(before, '', left);
  flatten(after, '', right);
  // A snapshot that is not an object (a bare value) still deserves a row.
  if (!isPlainObject(before) && before !== null && before !== undefined) left.set('value', before);
  if (!isPlainObject(after) && after !== null && after !== undefined) right.set('value', after);

  const paths = [...new Set([...left.keys(), ...right.keys()])].sort();
  return paths.flatMap((path): DiffRow[] => {
    const inBefore = left.has(path);
    const inAfter = right.has(path);
    const a = left.get(path);
    const b = right.get(path);
    if (inBefore && inAfter) return same(a, b) ? [] : [{ path, before: a, after: b, kind: 'changed' }];
    return [{ path, before: a, after: b, kind: inAfter ? 'added' : 'removed' }];
  });
}

/** How a value reads in the diff: strings as they are, everything else as JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
