import { DEFAULT_STATISTICS_SETTINGS } from '@tabula/protocol';
import { frequentistTest, holm } from '@tabula/stats';
import { describe, expect, it } from 'vitest';
import { conversionMetric, conversionSums } from '../../../test/analysis-fixtures';
import type { DailySums } from './metric-values';
import { computeResults } from './results';

const VERSIONS = [
  { key: 'a', weight: 5000, isControl: true },
  { key: 'b', weight: 5000, isControl: false },
];
const OPTIONS = { cuped: true, sequential: false, relative: true };

const conversions = conversionSums;
const metric = conversionMetric;

/** One day's sums of a count metric per unit with its pre-exposure value: y = x + (i mod 3) + lift for unit i. */
function counts(version: string, lift: number, covariate: (i: number) => number): DailySums {
  const sums = { ...conversions(version, '2030-01-01', 0, 0), m: 0, mm: 0 };
  for (let i = 0; i < 200; i += 1) {
    const x = covariate(i);
    const y = (i % 10) + (i % 3) + lift;
    Object.assign(sums, { n: sums.n + 1, m: sums.m + y, mm: sums.mm + y * y });
    Object.assign(sums, { mx: sums.mx + x, mxmx: sums.mxmx + x * x, mmx: sums.mmx + y * x });
  }
  return sums;
}

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

  it('draws the cumulative series by hour while the phase is young, from its first hour', () => {
    const hourly = [
      conversions('a', '2030-01-01T09', 40, 4),
      conversions('b', '2030-01-01T09', 40, 8),
      conversions('a', '2030-01-01T10', 60, 6),
      conversions('b', '2030-01-01T10', 60, 12),
    ];
    const results = computeResults({
      versions: VERSIONS,
      exposures: [
        { key: 'a', units: 100, multipleExposures: 0 },
        { key: 'b', units: 100, multipleExposures: 0 },
      ],
      metrics: [{ metric: metric('signup', 'higher'), role: 'primary', sums: hourly }],
      settings: DEFAULT_STATISTICS_SETTINGS,
      options: OPTIONS,
    });
    const { series } = results.metrics[0]!;
    expect(series.map(({ day, hour, units }) => ({ day, hour, units }))).toEqual([
      { day: '2030-01-01', hour: '09:00', units: { a: 40, b: 40 } },
      { day: '2030-01-01', hour: '10:00', units: { a: 100, b: 100 } },
    ]);
    expect(series[1]!.lifts.b!.estimate).toBeCloseTo(1);
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

  it('widens a corrected interval with its p-value, so an "inconclusive" never sits beside an interval excluding 0', () => {
    // Raw p ≈ 0.033 twice; Holm makes both 0.065. The plain 95% interval would exclude 0.
    const sums = [conversions('a', '2030-01-01', 1000, 100), conversions('b', '2030-01-01', 1000, 136)];
    const results = computeResults({
      versions: VERSIONS,
      exposures: [],
      metrics: [
        { metric: metric('one', 'higher'), role: 'primary', sums },
        { metric: metric('two', 'higher'), role: 'secondary', sums },
      ],
      settings: DEFAULT_STATISTICS_SETTINGS,
      options: OPTIONS,
    });
    const plain = frequentistTest({ n: 1000, conversions: 100 }, { n: 1000, conversions: 136 });
    expect(plain.ci[0]).toBeGreaterThan(0);
    const lift = results.metrics[0]!.versions[1]!.lift!;
    expect(lift.adjustedPValue).toBeGreaterThan(0.05);
    expect(lift.verdict).toBe('inconclusive');
    expect(lift.ci[0]).toBeLessThan(0);
    expect(lift.level).toBeCloseTo(0.975, 9);
    // The series ends on the same interval the table shows.
    expect(results.metrics[0]!.series.at(-1)!.lifts.b!.ci).toEqual(lift.ci);
  });

  it('calls a Bayesian version better only at the decision threshold, with the interval that matches it', () => {
    // Chance to beat control ≈ 0.92: below the default 0.95, above a project's 0.9.
    const sums = [conversions('a', '2030-01-01', 1000, 100), conversions('b', '2030-01-01', 1000, 122)];
    const read = (decisionThreshold: number, direction: 'higher' | 'lower') =>
      computeResults({
        versions: VERSIONS,
        exposures: [],
        metrics: [{ metric: metric('signup', direction), role: 'primary', sums }],
        settings: { ...DEFAULT_STATISTICS_SETTINGS, method: 'bayesian', decisionThreshold },
        options: OPTIONS,
      }).metrics[0]!.versions[1]!.lift!;
    const strict = read(0.95, 'higher');
    expect(strict.verdict).toBe('inconclusive');
    expect(strict.level).toBeCloseTo(0.9, 12);
    expect(strict.chanceToWin).toBeGreaterThan(0.9);
    expect(strict.ci[0]).toBeLessThan(0);
    const lenient = read(0.9, 'higher');
    expect(lenient.verdict).toBe('better');
    expect(lenient.level).toBeCloseTo(0.8, 12);
    expect(lenient.ci[0]).toBeGreaterThan(0);
    // Where lower is better the same rise is read as a likely loss: chance and risks turn round.
    const lower = read(0.9, 'lower');
    expect(lower.verdict).toBe('worse');
    expect(lower.chanceToWin).toBeCloseTo(1 - lenient.chanceToWin!, 12);
    expect(lower.risk).toEqual([lenient.risk![1], lenient.risk![0]]);
    expect(lenient.risk![1]).toBeLessThan(lenient.risk![0]);
  });

  it('reports CUPED only where pre-exposure data changed the estimate, with the variance it removed', () => {
    const read = (covariate: (i: number) => number) =>
      computeResults({
        versions: VERSIONS,
        exposures: [],
        metrics: [
          {
            metric: { ...metric('orders', 'higher'), type: 'count', cuped: { enabled: true, lookbackDays: 14 } },
            role: 'primary',
            sums: [counts('a', 0, covariate), counts('b', 1, covariate)],
          },
        ],
        settings: DEFAULT_STATISTICS_SETTINGS,
        options: OPTIONS,
      }).metrics[0]!;
    const correlated = read((i) => i % 10);
    expect(correlated.cuped).toBe(true);
    expect(correlated.versions[1]!.lift!.varianceReduction).toBeGreaterThan(0.5);
    // New visitors: no pre-exposure data, nothing to adjust with.
    const none = read(() => 0);
    expect(none.cuped).toBe(false);
    expect(none.versions[1]!.lift!.varianceReduction).toBeNull();
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

  it('leaves a QA-forced visitor in a version planned at 0% out of the sample ratio check', () => {
    const results = computeResults({
      versions: [...VERSIONS, { key: 'qa', weight: 0, isControl: false }],
      exposures: [
        { key: 'a', units: 1000, multipleExposures: 0 },
        { key: 'b', units: 1000, multipleExposures: 0 },
        { key: 'qa', units: 1, multipleExposures: 0 },
      ],
      metrics: [{ metric: metric('signup', 'higher'), role: 'primary', sums: SUMS }],
      settings: DEFAULT_STATISTICS_SETTINGS,
      options: OPTIONS,
    });
    expect(results.srm).toMatchObject({ pValue: 1, flagged: false });
    expect(results.health.excludedUnits).toBe(1);
    expect(results.health.checks.every((check) => check.passed)).toBe(true);
  });

  it('fails the freshness check of a running experiment whose snapshot is over a day old', () => {
    const results = computeResults({
      versions: VERSIONS,
      exposures: [
        { key: 'a', units: 1000, multipleExposures: 0 },
        { key: 'b', units: 1000, multipleExposures: 0 },
      ],
      metrics: [],
      settings: DEFAULT_STATISTICS_SETTINGS,
      options: OPTIONS,
      freshness: { finishedAt: new Date('2030-01-01T00:00:00Z'), running: true, now: new Date('2030-01-02T06:00:00Z') },
    });
    expect(results.health.checks.find((check) => check.check === 'freshness')).toMatchObject({
      passed: false,
      value: 30,
    });
  });
});

describe("a bandit's results", () => {
  // Two hourly periods: 50/50 while the baseline converts at 10%, then 10/90 once it converts at 30%. The treatment
  // adds 2 points in both, yet most of its units came in the second, better-converting hour.
  const sums = [
    conversions('a', '2030-01-01T00', 5000, 500),
    conversions('b', '2030-01-01T00', 5000, 600),
    conversions('a', '2030-01-01T01', 1000, 300),
    conversions('b', '2030-01-01T01', 9000, 2880),
  ];
  const input = {
    versions: [
      { key: 'a', weight: 1000, isControl: true },
      { key: 'b', weight: 9000, isControl: false },
    ],
    exposures: [
      { key: 'a', units: 6000, multipleExposures: 0 },
      { key: 'b', units: 14000, multipleExposures: 0 },
    ],
    metrics: [{ metric: metric('signup', 'higher'), role: 'primary' as const, sums }],
    settings: DEFAULT_STATISTICS_SETTINGS,
    options: { cuped: false, sequential: false, relative: false },
  };
  const periods = [
    { start: '2030-01-01T00', weights: { a: 5000, b: 5000 } },
    { start: '2030-01-01T01', weights: { a: 1000, b: 9000 } },
  ];

  it('compares the versions period by period, where pooling the periods overstates the lift', () => {
    const pooled = computeResults(input).metrics[0]!.versions[1]!.lift!;
    const stratified = computeResults({ ...input, periods }).metrics[0]!.versions[1]!.lift!;
    // Pooled: 3480/14000 − 800/6000 ≈ 11.5 points. Stratified: each period weighs its share of all units (½, ½).
    expect(pooled.estimate).toBeCloseTo(3480 / 14000 - 800 / 6000, 6);
    expect(stratified.estimate).toBeCloseTo(0.02, 6);
    const se = Math.sqrt(0.25 * ((0.1 * 0.9) / 4999 + (0.12 * 0.88) / 4999 + (0.3 * 0.7) / 999 + (0.32 * 0.68) / 8999));
    expect(stratified.ci[1]! - stratified.ci[0]!).toBeCloseTo(2 * 1.959964 * se, 3);
  });

  it('checks the sample ratio against the weights each period had, not the current ones', () => {
    expect(computeResults(input).srm).toMatchObject({ flagged: true });
    // Due: ½·(5000, 5000) + ½·(1000, 9000) = 30% / 70%, as the units came.
    expect(computeResults({ ...input, periods }).srm).toMatchObject({ flagged: false });
  });
});
