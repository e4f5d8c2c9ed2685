import { describe, expect, it } from 'vitest';
import { assessHealth, type HealthInput, MIN_UNITS_PER_VERSION } from './health';

const now = new Date('2026-03-10T12:00:00Z');
const healthy: HealthInput = {
  versions: [
    { weight: 50, units: 500 },
    { weight: 50, units: 510 },
  ],
  srm: { chiSquare: 0.1, pValue: 0.75, excludedUnits: 0 },
  multipleExposures: 0,
  finishedAt: new Date('2026-03-10T10:00:00Z'),
  running: true,
  now,
};
const failed = (input: HealthInput) =>
  assessHealth(input)
    .checks.filter((check) => !check.passed)
    .map((check) => check.check);

describe('assessHealth', () => {
  it('passes every check on a sound snapshot', () => {
    const health = assessHealth(healthy);
    expect(health.checks.map((check) => check.check)).toEqual([
      'sample_ratio',
      'multiple_exposures',
      'min_units',
      'freshness',
    ]);
    expect(failed(healthy)).toEqual([]);
  });

  it('fails each check on its own cause', () => {
    expect(failed({ ...healthy, srm: { chiSquare: 40, pValue: 1e-9, excludedUnits: 0 } })).toEqual(['sample_ratio']);
    expect(failed({ ...healthy, multipleExposures: 3 })).toEqual(['multiple_exposures']);
    expect(
      failed({
        ...healthy,
        versions: [
          { weight: 50, units: 500 },
          { weight: 50, units: MIN_UNITS_PER_VERSION - 1 },
        ],
      }),
    ).toEqual(['min_units']);
    expect(failed({ ...healthy, finishedAt: new Date('2026-03-09T10:00:00Z') })).toEqual(['freshness']);
  });

  it('does not hold a version planned at 0% to the minimum, and counts its units apart', () => {
    const health = assessHealth({
      ...healthy,
      versions: [...healthy.versions, { weight: 0, units: 1 }],
      srm: { chiSquare: 0.1, pValue: 0.75, excludedUnits: 1 },
    });
    expect(health.checks.every((check) => check.passed)).toBe(true);
    expect(health.excludedUnits).toBe(1);
  });

  it('does not call a stopped experiment stale', () => {
    expect(failed({ ...healthy, running: false, finishedAt: new Date('2026-01-01T00:00:00Z') })).toEqual([]);
  });
});
