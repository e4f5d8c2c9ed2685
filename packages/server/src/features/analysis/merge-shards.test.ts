import { describe, expect, it } from 'vitest';
import { UNUSED_SUMS } from '../../../test/analysis-fixtures';
import { mergeShards } from './merge-shards';
import type { DailySums } from './metric-values';
import type { SnapshotData } from './types';

const sums = (version: string, day: string, n: number, m: number): DailySums => ({
  version,
  day,
  n,
  m,
  mm: m * m,
  ...UNUSED_SUMS,
});

const shard = (units: [number, number], rows: DailySums[]): SnapshotData => ({
  versions: [
    { key: 'a', units: units[0], multipleExposures: 1 },
    { key: 'b', units: units[1], multipleExposures: 0 },
  ],
  metrics: { revenue: rows },
});

describe('merging the shards of a refresh', () => {
  it('adds up units and the sums of the same version and day, in day then version order', () => {
    const merged = mergeShards([
      shard([2, 1], [sums('a', '2030-03-01', 1, 10), sums('b', '2030-03-02', 1, 5)]),
      shard([1, 3], [sums('b', '2030-03-01', 2, 4), sums('a', '2030-03-01', 1, 2)]),
    ]);
    expect(merged.versions).toEqual([
      { key: 'a', units: 3, multipleExposures: 2 },
      { key: 'b', units: 4, multipleExposures: 0 },
    ]);
    expect(merged.metrics.revenue!.map(({ version, day, n, m, mm }) => ({ version, day, n, m, mm }))).toEqual([
      { version: 'a', day: '2030-03-01', n: 2, m: 12, mm: 104 },
      { version: 'b', day: '2030-03-01', n: 2, m: 4, mm: 16 },
      { version: 'b', day: '2030-03-02', n: 1, m: 5, mm: 25 },
    ]);
  });

  it('leaves a single shard as it is', () => {
    const only = shard([2, 1], [sums('a', '2030-03-01', 1, 10)]);
    expect(mergeShards([only])).toEqual(only);
  });
});
