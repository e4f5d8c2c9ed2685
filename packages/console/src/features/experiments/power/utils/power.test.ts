import { describe, expect, it } from 'vitest';
import { observedUnitsPerDay, planExperiment } from './power';

const common = { alpha: 0.05, power: 0.8, versions: 2 };

describe('planExperiment', () => {
  // n = (z₀.₉₇₅ + z₀.₈)² (p₁q₁ + p₂q₂) / δ² = 2.8015852² × (0.09 + 0.0979) / 0.01² = 14748.3
  it('plans a rate: 10% baseline, 10% relative effect', () => {
    expect(planExperiment({ ...common, baseline: { kind: 'rate', rate: 0.1 }, mde: 0.1, unitsPerDay: 1000 })).toEqual({
      ok: true,
      perVersion: 14749,
      total: 29498,
      days: 30,
    });
  });

  // n = 2.8015852² × 2 × 20² / 2.5² = 1004.66
  it('plans a mean with its standard deviation, for three versions', () => {
    const plan = planExperiment({
      ...common,
      versions: 3,
      baseline: { kind: 'mean', mean: 50, standardDeviation: 20 },
      mde: 0.05,
      unitsPerDay: 100,
    });
    expect(plan).toEqual({ ok: true, perVersion: 1005, total: 3015, days: 31 });
  });

  it('refuses a rate the effect pushes past 100%, and missing numbers', () => {
    expect(planExperiment({ ...common, baseline: { kind: 'rate', rate: 0.6 }, mde: 1, unitsPerDay: 10 })).toEqual({
      ok: false,
      problem: 'rate_out_of_range',
    });
    expect(
      planExperiment({ ...common, baseline: { kind: 'rate', rate: 0.1 }, mde: Number.NaN, unitsPerDay: 10 }),
    ).toEqual({ ok: false, problem: 'incomplete' });
  });
});

describe('observedUnitsPerDay', () => {
  const experiment = { exposures: 7000, startedAt: '2025-01-10T10:00:00.000Z', stoppedAt: null };

  it('divides the exposures by the whole days run', () => {
    expect(observedUnitsPerDay(experiment, new Date('2025-01-17T11:00:00.000Z'))).toBe(1000);
    expect(observedUnitsPerDay({ ...experiment, stoppedAt: '2025-01-12T10:00:00.000Z' })).toBe(3500);
  });

  it('has nothing to say before a whole day or without exposures', () => {
    expect(observedUnitsPerDay(experiment, new Date('2025-01-10T20:00:00.000Z'))).toBeNull();
    expect(observedUnitsPerDay({ ...experiment, exposures: 0 }, new Date('2025-02-10T10:00:00.000Z'))).toBeNull();
  });
});
