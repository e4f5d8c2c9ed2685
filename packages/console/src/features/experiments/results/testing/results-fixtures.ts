import {
  type ExperimentResults,
  HEALTH_CHECKS,
  type HealthCheckKind,
  type MetricResult,
  type ResultsHealth,
  type VersionResult,
} from '@tabula/protocol';
import { experimentFixture, experimentsPathOf } from '../../fixtures';

export const resultsPathOf = (key = experimentFixture().key) => `${experimentsPathOf()}/${key}/results`;

type Lift = NonNullable<VersionResult['lift']>;

/** A treatment's lift; the fields a test leaves out are those of an unremarkable frequentist result. */
export const liftOf = (lift: Partial<Lift>): Lift => ({
  estimate: 0.01,
  ci: [-0.02, 0.04],
  pValue: 0.5,
  adjustedPValue: 0.5,
  chanceToWin: null,
  risk: null,
  level: 0.95,
  varianceReduction: null,
  verdict: 'inconclusive',
  ...lift,
});

/** A metric of the fixture experiment: control "control" (Blue) and treatment "green". */
export function metricResult(
  overrides: Partial<MetricResult> & { values?: [number, number]; lift?: Partial<Lift> },
): MetricResult {
  const { values = [0.1, 0.15], lift = {}, ...metric } = overrides;
  return {
    key: 'purchase',
    name: 'Purchase',
    role: 'primary',
    type: 'conversion',
    direction: 'higher',
    cuped: false,
    versions: [
      { version: 'control', units: 2000, value: values[0], lift: null },
      { version: 'green', units: 2000, value: values[1], lift: liftOf(lift) },
    ],
    series: [],
    guardrailBreached: false,
    ...metric,
  };
}

/** Each check's value when it passes, and one that fails it. */
const CHECK_VALUES: Record<HealthCheckKind, { limit: number; passed: number; failed: number }> = {
  sample_ratio: { limit: 0.001, passed: 0.6, failed: 1e-8 },
  multiple_exposures: { limit: 0, passed: 0, failed: 12 },
  min_units: { limit: 100, passed: 2000, failed: 40 },
  freshness: { limit: 24, passed: 2, failed: 30 },
};

/** Health with every check passing except the `failing` ones. */
export const healthFixture = (failing: HealthCheckKind[] = [], excludedUnits = 0): ResultsHealth => ({
  checks: HEALTH_CHECKS.map((check) => {
    const passed = !failing.includes(check);
    const { limit, ...values } = CHECK_VALUES[check];
    return { check, passed, limit, value: passed ? values.passed : values.failed };
  }),
  excludedUnits,
});

export function resultsFixture(overrides: Partial<ExperimentResults> = {}): ExperimentResults {
  return {
    snapshot: {
      status: 'succeeded',
      trigger: 'manual',
      coversFrom: '2025-01-10T10:00:00.000Z',
      coversTo: '2025-01-14T10:00:00.000Z',
      startedAt: '2025-01-14T10:00:00.000Z',
      finishedAt: '2025-01-14T10:00:05.000Z',
      error: null,
    },
    refreshing: null,
    method: 'frequentist',
    alpha: 0.05,
    decisionThreshold: 0.95,
    correction: 'holm',
    options: { cuped: true, sequential: false, relative: true },
    control: 'control',
    versions: [
      { key: 'control', name: 'Blue', weight: 5000, units: 2000, multipleExposures: 0 },
      { key: 'green', name: 'Green', weight: 5000, units: 2000, multipleExposures: 0 },
    ],
    srm: { chiSquare: 0, pValue: 1, flagged: false },
    health: healthFixture(),
    multipleExposures: 0,
    metrics: [
      metricResult({
        lift: { estimate: 0.5, ci: [0.3, 0.7], pValue: 0.001, adjustedPValue: 0.003, verdict: 'better' },
      }),
    ],
    ...overrides,
  };
}
