import { DEFAULT_STATISTICS_SETTINGS } from '@tabula/protocol';
import { frequentistTest, holm } from '@tabula/stats';
import { describe, expect, it } from 'vitest';
import type { AnalysedMetric, DailySums } from './metric-sql';
import { computeResults, type ResultsMetric } from './results';

const VERSIONS = [
  { key: 'a', weight: 5000, isControl: true },
  { key: 'b', weight: 5000, isControl: false },
];
const OPTIONS = { cuped: true, sequential: false, relative: true };

/** A day's sums of a conversion metric: n units, `conversions` of them converted (m = m² for 0/1 values). */
function conversions(version: string, day: string, n: number, converted: number): DailySums {
  const zero = { d: 0, dd: 0, md: 0, mx: 0, mxmx: 0, dx: 0, dxdx: 0, mxdx: 0, mmx: 0, mdx: 0, dmx: 0, ddx: 0 };
  return { version, day, n, m: converted, mm: converted, ...zero };
}

const metric = (key: string, direction: 'higher' | 'lower'): ResultsMetric['metric'] & AnalysedMetric => ({
  key,
  name: key,
  type: 'conversion',
  direction,
  source: { kind: 'event', event: key, filter: null },
  ratio: null,
  windowHours: null,
  capping: { kind: 'none' },
  cuped: { enabled: false, lookbackDays: 14 },
});

const SUMS = [
  conversions('a', '2030-01-01', 500, 50),
  conversions('b', '2030-01-01', 500, 90),
  conversions('a', '2030-01-02', 500, 50),
  conversions('b', '2030-01-02', 500, 90),
];

describe('results from a snapshot', () => {
  it('reads a significant rise as better, or as worse when lower is better, and flags a worse guardrail', () => {
    const results = computeResults({
      versions: VERSIONS,
      exposures: [
        { key: 'a', units: 1000, multipleExposures: 2 },
        { key: 'b', units: 1000, multipleExposures: 1 },
      ],
      metrics: [
        { metric: metric('signup', 'higher'), role: 'primary', sums: SUMS },
        { metric: metric('bounce', 'lower'), role: 'guardrails', sums: SUMS },
      ],
      settings: DEFAULT_STATISTICS_SETTINGS,
      options: OPTIONS,
    });
    const [signup, bounce] = results.metrics;
    expect(signup!.versions[1]!.lift!.verdict).toBe('better');
    expect(bounce!.versions[1]!.lift!.verdict).toBe('worse');
    expect(bounce!.guardrailBreached).toBe(true);
    expect(signup!.guardrailBreached).toBe(false);
    expect(results.multipleExposures).toBe(3);
    expect(results.srm).toMatchObject({ flagged: false });
    // Cumulative: the first day alone, then both.
    expect(signup!.series.map((point) => point.units)).toEqual([
      { a: 500, b: 500 },
      { a: 1000, b: 1000 },
    ]);
  });

  it('corrects p-values across metrics with the project correction', () => {
    const results = computeResults({
      versions: VERSIONS,
      exposures: [],
      metrics: [
        { metric: metric('one', 'higher'), role: 'primary', sums: SUMS },
        { metric: metric('two', 'higher'), role: 'secondary', sums: SUMS },
      ],
      settings: DEFAULT_STATISTICS_SETTINGS,
      options: OPTIONS,
    });
    const raw = frequentistTest({ n: 1000, conversions: 100 }, { n: 1000, conversions: 180 }).pValue;
    const [first, second] = results.metrics.map((entry) => entry.versions[1]!.lift!);
    expect(first!.pValue).toBeCloseTo(raw, 12);
    expect([first!.adjustedPValue, second!.adjustedPValue]).toEqual(holm([raw, raw]));
  });

  it('says "not enough data" for too few units, and flags a 45/55 split of a 50/50 experiment', () => {
    const results = computeResults({
      versions: VERSIONS,
      exposures: [
        { key: 'a', units: 4500, multipleExposures: 0 },
        { key: 'b', units: 5500, multipleExposures: 0 },
      ],
      metrics: [
        {
          metric: metric('signup', 'higher'),
          role: 'primary',
          sums: [conversions('a', '2030-01-01', 1, 1), conversions('b', '2030-01-01', 1, 0)],
        },
      ],
      settings: DEFAULT_STATISTICS_SETTINGS,
      options: OPTIONS,
    });
    expect(results.metrics[0]!.versions[1]!.lift!.verdict).toBe('not_enough_data');
    expect(results.srm!.flagged).toBe(true);
  });
});
