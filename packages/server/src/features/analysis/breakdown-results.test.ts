import { DEFAULT_STATISTICS_SETTINGS, MAX_DIMENSION_VALUE_LENGTH } from '@tabula/protocol';
import { benjaminiHochberg } from '@tabula/stats';
import { describe, expect, it } from 'vitest';
import { conversionMetric, conversionSums } from '../../../test/analysis-fixtures';
import { computeBreakdown } from './breakdown-results';
import { FOLDED_SLICE, groupSlices, sliceOf } from './breakdown-slices';
import { computeResults } from './results';
import type { SliceExposure, SnapshotData } from './types';

const VERSIONS = [
  { key: 'a', weight: 5000, isControl: true },
  { key: 'b', weight: 5000, isControl: false },
];
const OPTIONS = { cuped: true, sequential: false, relative: true };
const METRIC = { metric: conversionMetric('purchase', 'higher'), role: 'primary' as const };

const units = (slice: string, key: string, count: number): SliceExposure => ({
  slice,
  key,
  units: count,
  multipleExposures: 0,
});

describe('groupSlices', () => {
  it('keeps the values with the most units, adds up the rest as other, and puts units without a value last', () => {
    const slices = [
      units('Safari', 'a', 30),
      units('Safari', 'b', 30),
      units('Chrome', 'a', 50),
      units('Chrome', 'b', 60),
      units('Firefox', 'a', 5),
      units('Edge', 'b', 5),
      units('Other', 'a', 1),
      units('', 'a', 7),
      units('gone', 'a', 0),
    ];
    const groups = groupSlices(slices, 3);
    expect(groups.map(({ kind, value, members }) => [kind, value, [...members]])).toEqual([
      ['value', 'Chrome', ['Chrome']],
      ['value', 'Safari', ['Safari']],
      // Ties go by value, so the same data always shows the same slices.
      ['value', 'Edge', ['Edge']],
      ['other', null, ['Firefox', 'Other']],
      ['unknown', null, ['']],
    ]);
    expect(groupSlices(slices.slice(0, 4)).map(({ kind }) => kind)).toEqual(['value', 'value']);
  });

  it('adds the values the aggregation folded together to other, however many units they have', () => {
    const slices = [units('Chrome', 'a', 10), units(FOLDED_SLICE, 'a', 500), units('Safari', 'b', 4)];
    expect(groupSlices(slices, 3).map(({ kind, value, members }) => [kind, value, [...members]])).toEqual([
      ['value', 'Chrome', ['Chrome']],
      ['value', 'Safari', ['Safari']],
      ['other', null, [FOLDED_SLICE]],
    ]);
    expect(FOLDED_SLICE.length).toBeGreaterThan(MAX_DIMENSION_VALUE_LENGTH);
  });

  it('cuts the sums to a group, adding up its values per version', () => {
    const data: SnapshotData = {
      versions: [],
      metrics: {
        purchase: [conversionSums('a', 'x', 10, 2), conversionSums('a', 'y', 5, 1), conversionSums('b', 'x', 8, 3)],
      },
      slices: [units('x', 'a', 10), units('y', 'a', 5), units('x', 'b', 8)],
    };
    const slice = sliceOf(data, { kind: 'other', value: null, members: new Set(['x', 'y']) });
    expect(slice.versions).toEqual([
      { key: 'a', units: 15, multipleExposures: 0 },
      { key: 'b', units: 8, multipleExposures: 0 },
    ]);
    expect(slice.metrics.purchase!.map(({ version, n, m }) => [version, n, m])).toEqual([
      ['a', 15, 3],
      ['b', 8, 3],
    ]);
  });
});

describe('computeBreakdown', () => {
  // Four browsers of different sizes and lifts: the p-values of a family of four.
  const SLICES: [string, number, number, number][] = [
    ['Chrome', 2000, 200, 260],
    ['Safari', 1000, 100, 130],
    ['Firefox', 400, 40, 48],
    ['Edge', 300, 30, 29],
  ];
  const data: SnapshotData = {
    versions: [
      { key: 'a', units: 3700, multipleExposures: 0 },
      { key: 'b', units: 3700, multipleExposures: 0 },
    ],
    metrics: {
      purchase: SLICES.flatMap(([slice, n, control, treatment]) => [
        conversionSums('a', slice, n, control),
        conversionSums('b', slice, n, treatment),
      ]),
    },
    slices: SLICES.flatMap(([slice, n]) => [units(slice, 'a', n), units(slice, 'b', n)]),
  };
  /** One slice alone, as the results page would show it with no correction. */
  const uncorrected = (slice: string) =>
    computeResults({
      versions: VERSIONS,
      exposures: data.versions,
      metrics: [
        {
          ...METRIC,
          sums: sliceOf(data, { kind: 'value', value: slice, members: new Set([slice]) }).metrics.purchase!,
        },
      ],
      settings: { ...DEFAULT_STATISTICS_SETTINGS, correction: 'none' },
      options: OPTIONS,
    }).metrics[0]!.versions[1]!.lift!;

  it('corrects every slice in one family: p-values rise and intervals widen against each slice alone', () => {
    const breakdown = computeBreakdown({
      versions: VERSIONS,
      metrics: [METRIC],
      data,
      settings: { ...DEFAULT_STATISTICS_SETTINGS, correction: 'none' },
      options: OPTIONS,
    });
    // A project without a correction still has its slices corrected.
    expect(breakdown.correction).toBe('benjamini-hochberg');
    expect(breakdown.slices.map(({ value }) => value)).toEqual(['Chrome', 'Safari', 'Firefox', 'Edge']);
    expect(breakdown.slices[0]!.units).toEqual({ a: 2000, b: 2000 });
    const alone = SLICES.map(([slice]) => uncorrected(slice));
    const expected = benjaminiHochberg(alone.map((lift) => lift.pValue!));
    for (const [index, slice] of breakdown.slices.entries()) {
      const lift = slice.metrics[0]!.versions[1]!.lift!;
      const single = alone[index]!;
      expect(lift.pValue).toBeCloseTo(single.pValue!, 12);
      expect(lift.adjustedPValue).toBeCloseTo(expected[index]!, 12);
      // Benjamini–Hochberg leaves the largest p-value as it is, and its interval with it.
      if (index === SLICES.length - 1) {
        expect(lift.adjustedPValue).toBe(single.pValue);
        continue;
      }
      expect(lift.adjustedPValue!).toBeGreaterThan(single.pValue!);
      expect(lift.ci[0]!).toBeLessThan(single.ci[0]!);
      expect(lift.ci[1]!).toBeGreaterThan(single.ci[1]!);
      expect(lift.level!).toBeGreaterThan(0.95);
    }
    // Chrome's lift stands alone (p < 0.05) and stays significant among four; Firefox's does not.
    expect(breakdown.slices[0]!.metrics[0]!.versions[1]!.lift!.verdict).toBe('better');
    expect(breakdown.slices[2]!.metrics[0]!.versions[1]!.lift!.verdict).toBe('inconclusive');
  });

  it("uses the project's own correction when it has one, and no slices without exposures", () => {
    const holm = computeBreakdown({
      versions: VERSIONS,
      metrics: [METRIC],
      data,
      settings: DEFAULT_STATISTICS_SETTINGS,
      options: OPTIONS,
    });
    expect(holm.correction).toBe('holm');
    const empty = computeBreakdown({
      versions: VERSIONS,
      metrics: [METRIC],
      data: { versions: [], metrics: {}, slices: [] },
      settings: DEFAULT_STATISTICS_SETTINGS,
      options: OPTIONS,
    });
    expect(empty.slices).toEqual([]);
  });
});
