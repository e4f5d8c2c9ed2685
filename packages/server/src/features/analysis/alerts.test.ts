import { DEFAULT_STATISTICS_SETTINGS, type StatisticsSettings } from '@tabula/protocol';
import { frequentistTest, holm } from '@tabula/stats';
import { describe, expect, it } from 'vitest';
import { conversionMetric, seededRandom, UNUSED_SUMS } from '../../../test/analysis-fixtures';
import {
  type AlertInput,
  describeAlert,
  detectAlerts,
  guardrailRegressions,
  NO_TRAFFIC_MIN_TOTAL_UNITS,
  versionsWithoutTraffic,
} from './alerts';
import type { DailySums } from './metric-values';
import { SEQUENTIAL_TUNING_UNITS } from './results';

const VERSIONS = [
  { key: 'control', weight: 5000, isControl: true },
  { key: 'treatment', weight: 5000, isControl: false },
];
const random = seededRandom;

/** One day's sums of a conversion metric for `units` simulated units converting at `rate`. */
function simulated(version: string, units: number, rate: number, next: () => number): DailySums {
  let converted = 0;
  for (let index = 0; index < units; index++) if (next() < rate) converted++;
  return { version, day: '2030-01-01', n: units, m: converted, mm: converted, ...UNUSED_SUMS };
}

const metric = conversionMetric;

/** Control and treatment at these rates, `units` each, of a guardrail whose good direction is `direction`. */
function input(
  rates: { control: number; treatment: number },
  options: { units?: number; direction?: 'higher' | 'lower'; seed?: number; settings?: StatisticsSettings } = {},
): AlertInput {
  const { units = 2000, direction = 'lower', seed = 7, settings = DEFAULT_STATISTICS_SETTINGS } = options;
  const next = random(seed);
  return {
    versions: VERSIONS,
    exposures: VERSIONS.map((version) => ({ key: version.key, units, multipleExposures: 0 })),
    guardrails: [
      {
        metric: metric('errors', direction),
        role: 'guardrails',
        sums: [simulated('control', units, rates.control, next), simulated('treatment', units, rates.treatment, next)],
      },
    ],
    settings,
  };
}

describe('guardrail regressions', () => {
  it('are found where a "lower is better" guardrail doubles, with the sequential figures', () => {
    const [alert, ...others] = detectAlerts(input({ control: 0.05, treatment: 0.1 }));
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ kind: 'guardrail_regression', metric: 'errors', version: 'treatment' });
    if (alert?.kind !== 'guardrail_regression') throw new Error('no regression');
    const { estimate, ci, pValue, adjustedPValue, alpha, direction } = alert.figures;
    expect(direction).toBe('lower');
    expect(alpha).toBe(DEFAULT_STATISTICS_SETTINGS.alpha);
    expect(estimate).toBeGreaterThan(0.5);
    expect(ci[0]).toBeGreaterThan(0);
    expect(pValue).toBeLessThan(0.001);
    // The only test of its family: Holm leaves it as it is.
    expect(adjustedPValue).toBe(pValue);
  });

  it('are found where a "higher is better" guardrail falls, never where it rises', () => {
    expect(guardrailRegressions(input({ control: 0.2, treatment: 0.1 }, { direction: 'higher' }))).toHaveLength(1);
    expect(guardrailRegressions(input({ control: 0.1, treatment: 0.2 }, { direction: 'higher' }))).toEqual([]);
    expect(guardrailRegressions(input({ control: 0.1, treatment: 0.05 }, { direction: 'lower' }))).toEqual([]);
  });

  it('stay rare on null data: no more than α of simulated A/A experiments raise one', () => {
    let raised = 0;
    const runs = 200;
    for (let seed = 1; seed <= runs; seed++) {
      raised += guardrailRegressions(input({ control: 0.1, treatment: 0.1 }, { seed })).length;
    }
    // The confidence sequence is valid at every look: at one look it is conservative, well under α.
    expect(raised / runs).toBeLessThanOrEqual(DEFAULT_STATISTICS_SETTINGS.alpha);
  });

  it('use the always-valid test even where a fixed-horizon test would already call it', () => {
    // 10% against 12% over 2000 units each: Welch's p is about 0.04, the confidence sequence's well above 0.05.
    const data = input({ control: 0.1, treatment: 0.12 }, { seed: 3 });
    const [control, treatment] = data.guardrails[0]!.sums;
    const arm = (sums: DailySums) => ({ n: sums.n, conversions: sums.m });
    expect(frequentistTest(arm(control!), arm(treatment!)).pValue).toBeLessThan(0.05);
    const sequential = frequentistTest(arm(control!), arm(treatment!), { sequentialTuning: SEQUENTIAL_TUNING_UNITS });
    expect(sequential.pValue).toBeGreaterThan(0.05);
    expect(guardrailRegressions(data)).toEqual([]);
    // The Bayesian method of the project does not change how guardrails are read.
    const bayesian = { ...DEFAULT_STATISTICS_SETTINGS, method: 'bayesian' as const };
    expect(guardrailRegressions({ ...data, settings: bayesian })).toEqual([]);
  });

  it("correct p-values with the project's correction across guardrails × versions, or not where it has none", () => {
    const clear = input({ control: 0.05, treatment: 0.1 });
    const faint = input({ control: 0.1, treatment: 0.12 }, { seed: 11 });
    const guardrails = [clear.guardrails[0]!, { ...faint.guardrails[0]!, metric: metric('latency', 'lower') }];
    const arm = (sums: DailySums) => ({ n: sums.n, conversions: sums.m });
    const family = guardrails.map(({ sums: [control, treatment] }) => {
      return frequentistTest(arm(control!), arm(treatment!), { sequentialTuning: SEQUENTIAL_TUNING_UNITS }).pValue;
    });
    const holmSettings: StatisticsSettings = { ...DEFAULT_STATISTICS_SETTINGS, correction: 'holm' };
    const [corrected] = guardrailRegressions({ ...clear, guardrails, settings: holmSettings });
    expect(corrected).toMatchObject({
      metric: 'errors',
      figures: { pValue: family[0], adjustedPValue: holm(family)[0] },
    });
    expect(holm(family)[0]).toBeGreaterThan(family[0]!);
    const uncorrected = { ...DEFAULT_STATISTICS_SETTINGS, correction: 'none' as const };
    const [plain] = guardrailRegressions({ ...clear, guardrails, settings: uncorrected });
    expect(plain).toMatchObject({ metric: 'errors', figures: { pValue: family[0], adjustedPValue: family[0] } });
  });

  it('are not read without enough units', () => {
    expect(guardrailRegressions(input({ control: 0, treatment: 1 }, { units: 1 }))).toEqual([]);
  });
});

describe('sample ratio mismatch alerts', () => {
  const exposures = (control: number, treatment: number) => [
    { key: 'control', units: control, multipleExposures: 0 },
    { key: 'treatment', units: treatment, multipleExposures: 0 },
  ];
  const base = { versions: VERSIONS, guardrails: [], settings: DEFAULT_STATISTICS_SETTINGS };

  it('are raised where the results page flags the split, with the counts', () => {
    const [alert] = detectAlerts({ ...base, exposures: exposures(1000, 500) });
    expect(alert).toMatchObject({
      kind: 'srm',
      metric: null,
      version: null,
      figures: {
        versions: [
          { key: 'control', weight: 5000, units: 1000 },
          { key: 'treatment', weight: 5000, units: 500 },
        ],
      },
    });
    expect((alert!.figures as { pValue: number }).pValue).toBeLessThan(0.001);
  });

  it('are not raised for a split the weights explain, nor before any unit', () => {
    expect(detectAlerts({ ...base, exposures: exposures(1010, 990) })).toEqual([]);
    expect(detectAlerts({ ...base, exposures: [] })).toEqual([]);
  });
});

describe('versions without traffic', () => {
  const versions = [
    { key: 'control', weight: 9900, isControl: true },
    { key: 'small', weight: 100, isControl: false },
    { key: 'off', weight: 0, isControl: false },
  ];
  const exposures = (control: number) => [{ key: 'control', units: control, multipleExposures: 0 }];

  it(`are raised from ${NO_TRAFFIC_MIN_TOTAL_UNITS} units in total, for planned versions only`, () => {
    expect(versionsWithoutTraffic({ versions, exposures: exposures(NO_TRAFFIC_MIN_TOTAL_UNITS - 1) })).toEqual([]);
    expect(versionsWithoutTraffic({ versions, exposures: exposures(NO_TRAFFIC_MIN_TOTAL_UNITS) })).toEqual([
      {
        kind: 'no_traffic',
        metric: null,
        version: 'small',
        figures: { weight: 100, units: 0, totalUnits: 100, minTotalUnits: NO_TRAFFIC_MIN_TOTAL_UNITS },
      },
    ]);
  });

  it('are not raised while every planned version has units', () => {
    const all = [...exposures(500), { key: 'small', units: 3, multipleExposures: 0 }];
    expect(versionsWithoutTraffic({ versions, exposures: all })).toEqual([]);
  });
});

describe('alert sentences', () => {
  it('quote the figures', () => {
    const [regression] = detectAlerts(input({ control: 0.05, treatment: 0.1 }));
    expect(describeAlert(regression!)).toMatch(
      /^Guardrail "errors" regressed in version "treatment": \+\d+\.\d% \[\+\d+\.\d%, \+\d+\.\d%\] against control, always-valid p < 0\.001$/,
    );
    const [srm] = detectAlerts({
      versions: VERSIONS,
      exposures: [
        { key: 'control', units: 1000, multipleExposures: 0 },
        { key: 'treatment', units: 500, multipleExposures: 0 },
      ],
      guardrails: [],
      settings: DEFAULT_STATISTICS_SETTINGS,
    });
    expect(describeAlert(srm!)).toBe(
      'Sample ratio mismatch: units control 1000, treatment 500 do not match the planned weights (p < 0.001)',
    );
  });
});
