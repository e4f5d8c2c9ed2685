export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Past this many cells the table of common subsequences costs more than a reader gains: show all out, all in. */
const MAX_CELLS = 4_000_000;

/**
 * The lines of `after` against those of `before`, by their longest common subsequence: unchanged lines once,
 * removed ones before the added ones that replace them.
 */
export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  if (n * m > MAX_CELLS) {
    return [
      ...before.map((text): DiffLine => ({ kind: 'removed', text })),
      ...after.map((text): DiffLine => ({ kind: 'added', text })),
    ];
  }
  // common[i][j]: the length of the longest common subsequence of before[i..] and after[j..].
  const common = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = common[i] as Uint32Array;
    const below = common[i + 1] as Uint32Array;
    for (let j = m - 1; j >= 0; j--) {
      row[j] =
        before[i] === after[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      lines.push({ kind: 'same', text: before[i] as string });
      i++;
      j++;
    } else if ((common[i + 1]?.[j] ?? 0) >= (common[i]?.[j + 1] ?? 0)) {
      lines.push({ kind: 'removed', text: before[i] as string });
      i++;
    } else {
      lines.push({ kind: 'added', text: after[j] as string });
      j++;
    }
  }
  for (; i < n; i++) lines.push({ kind: 'removed', text: before[i] as string });
  for (; j < m; j++) lines.push({ kind: 'added', text: after[j] as string });
  return lines;
}

/** Objects with their keys sorted, so two snapshots differ only where their content does, not in key order. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** A snapshot as the lines a person reads: indented JSON; nothing (a target made or removed) is no lines. */
export function jsonLines(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  return JSON.stringify(sortedKeys(value), null, 2).split('\n');
}

/** Before and after of one change, line by line. */
export const diffSnapshots = (before: unknown, after: unknown): DiffLine[] =>
  diffLines(jsonLines(before), jsonLines(after));
