import type { ExperimentResults, MetricResult, VersionResult } from '@tabula/protocol';
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
    correction: 'holm',
    options: { cuped: true, sequential: false, relative: true },
    control: 'control',
    versions: [
      { key: 'control', name: 'Blue', weight: 5000, units: 2000, multipleExposures: 0 },
      { key: 'green', name: 'Green', weight: 5000, units: 2000, multipleExposures: 0 },
    ],
    srm: { chiSquare: 0, pValue: 1, flagged: false },
    multipleExposures: 0,
    metrics: [
      metricResult({
        lift: { estimate: 0.5, ci: [0.3, 0.7], pValue: 0.001, adjustedPValue: 0.003, verdict: 'better' },
      }),
    ],
    ...overrides,
  };
}
