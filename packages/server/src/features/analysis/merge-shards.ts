import type { DailySums } from './metric-values';
import type { SliceExposure, SnapshotData, VersionExposure } from './types';

const add = <T extends object>(into: T, from: T): T => {
  const sum = { ...into } as Record<string, unknown>;
  for (const [name, value] of Object.entries(from)) {
    if (typeof value === 'number') sum[name] = ((sum[name] as number | undefined) ?? 0) + value;
  }
  return sum as T;
};

/** One metric's rows of several shards: sums of the same version and day added up, in day then version order. */
function mergeDailySums(parts: DailySums[][]): DailySums[] {
  const byKey = new Map<string, DailySums>();
  for (const row of parts.flat()) {
    const key = `${row.day}\u0000${row.version}`;
    const known = byKey.get(key);
    byKey.set(key, known ? add(known, row) : row);
  }
  return [...byKey.values()].sort((a, b) =>
    a.day === b.day ? (a.version < b.version ? -1 : 1) : a.day < b.day ? -1 : 1,
  );
}

/** The slices' counts of several shards, those of one version and slice added up. */
function mergeSlices(parts: SliceExposure[][]): SliceExposure[] {
  const byKey = new Map<string, SliceExposure>();
  for (const row of parts.flat()) {
    const key = `${row.slice}\u0000${row.key}`;
    const known = byKey.get(key);
    byKey.set(key, known ? add(known, row) : row);
  }
  return [...byKey.values()];
}

/**
 * The snapshot of an experiment from its shards' (each holds its own units, and sums only them): every count and sum
 * is additive, so the whole is their sum. All shards list the same versions and metrics.
 */
export function mergeShards(parts: SnapshotData[]): SnapshotData {
  const [first, ...others] = parts;
  if (!first) throw new Error('no shard to merge');
  return {
    versions: first.versions.map((version, index) =>
      others.reduce((sum, part) => add(sum, part.versions[index] as VersionExposure), version),
    ),
    metrics: Object.fromEntries(
      Object.keys(first.metrics).map((key) => [key, mergeDailySums(parts.map((part) => part.metrics[key] ?? []))]),
    ),
    ...(first.slices && { slices: mergeSlices(parts.map((part) => part.slices ?? [])) }),
  };
}
