import type { AlertFinding, MetricResult, StatisticsSettings } from '@tabula/protocol';
import { SRM_THRESHOLD } from '@tabula/stats';
import {
  type BanditPeriodInput,
  computeResults,
  type ResultsMetric,
  type ResultsVersion,
  sampleRatioMismatched,
  sampleRatioTest,
} from './results';
import type { VersionExposure } from './types';

/**
 * A planned version with no units is an alert only once the experiment has this many in total: before that, a
 * version at a small weight may simply not have drawn its first unit yet (at 10% of 100 units, 0 happens with
 * probability 0.9^100 ≈ 3·10⁻⁵), and a broken version is worth knowing of that early.
 */
export const NO_TRAFFIC_MIN_TOTAL_UNITS = 100;

export interface AlertInput {
  versions: ResultsVersion[];
  /** A bandit's periods: its guardrails are compared period by period (see ResultsInput). */
  periods?: BanditPeriodInput[];
  exposures: VersionExposure[];
  /** The experiment's guardrail metrics with their sums; other roles are never alerted on. */
  guardrails: ResultsMetric[];
  settings: StatisticsSettings;
}

/**
 * Guardrails are read with the always-valid sequential test whatever the project shows on its results page: they
 * are checked at every refresh, and only a confidence sequence keeps its error rate at α over that many looks
 * (Waudby-Smith et al. 2024; see docs/statistics.md). The test is frequentist (even where the project reads results
 * the Bayesian way), two-sided at the project's α on the relative lift, CUPED-adjusted where the metric enables it,
 * and its p-values are corrected with the project's correction across guardrails × versions (that family alone: the
 * guardrails are one decision, apart from the primary metrics). A regression is a "worse" verdict: adjusted
 * p < α and the interval wholly on the metric's harmful side, as the results page reads it with sequential on.
 */
function guardrailResults(input: AlertInput): MetricResult[] {
  return computeResults({
    versions: input.versions,
    exposures: input.exposures,
    periods: input.periods,
    metrics: input.guardrails.map((entry) => ({ ...entry, role: 'guardrails' })),
    settings: { ...input.settings, method: 'frequentist' },
    options: { sequential: true, relative: true, cuped: true },
  }).metrics;
}

export function guardrailRegressions(input: AlertInput): AlertFinding[] {
  return guardrailResults(input).flatMap((metric) =>
    metric.versions.flatMap((row): AlertFinding[] => {
      if (row.lift?.verdict !== 'worse') return [];
      const { estimate, ci, pValue, adjustedPValue } = row.lift;
      return [
        {
          kind: 'guardrail_regression',
          metric: metric.key,
          version: row.version,
          figures: { direction: metric.direction, estimate, ci, pValue, adjustedPValue, alpha: input.settings.alpha },
        },
      ];
    }),
  );
}

const unitsOf = (exposures: VersionExposure[], key: string) => exposures.find((entry) => entry.key === key)?.units ?? 0;

/** The sample ratio check of the results page (its flag), as an alert. */
export function sampleRatioMismatch(input: Pick<AlertInput, 'versions' | 'exposures'>): AlertFinding[] {
  if (!sampleRatioMismatched(input.versions, input.exposures)) return [];
  const srm = sampleRatioTest(input.versions, input.exposures)!;
  return [
    {
      kind: 'srm',
      metric: null,
      version: null,
      figures: {
        chiSquare: srm.chiSquare,
        pValue: srm.pValue,
        threshold: SRM_THRESHOLD,
        versions: input.versions.map((version) => ({
          key: version.key,
          weight: version.weight,
          units: unitsOf(input.exposures, version.key),
        })),
      },
    },
  ];
}

export function versionsWithoutTraffic(input: Pick<AlertInput, 'versions' | 'exposures'>): AlertFinding[] {
  const totalUnits = input.versions.reduce((sum, version) => sum + unitsOf(input.exposures, version.key), 0);
  if (totalUnits < NO_TRAFFIC_MIN_TOTAL_UNITS) return [];
  return input.versions
    .filter((version) => version.weight > 0 && unitsOf(input.exposures, version.key) === 0)
    .map((version) => ({
      kind: 'no_traffic',
      metric: null,
      version: version.key,
      figures: { weight: version.weight, units: 0, totalUnits, minTotalUnits: NO_TRAFFIC_MIN_TOTAL_UNITS },
    }));
}

/** Every alert a succeeded snapshot calls for; whether each is new is the store's to say. */
export const detectAlerts = (input: AlertInput): AlertFinding[] => [
  ...guardrailRegressions(input),
  ...sampleRatioMismatch(input),
  ...versionsWithoutTraffic(input),
];

const percent = (value: number | null) => (value === null ? '?' : `${(value * 100).toFixed(1)}%`);
const signed = (value: number | null) => (value !== null && value > 0 ? `+${percent(value)}` : percent(value));
const pValue = (value: number | null) => (value === null ? '?' : value < 0.001 ? '< 0.001' : `= ${value.toFixed(3)}`);

/** One English sentence with the figures: the stop note, the audit entry and chat webhooks quote it. */
export function describeAlert(alert: AlertFinding): string {
  switch (alert.kind) {
    case 'guardrail_regression': {
      const { estimate, ci, adjustedPValue } = alert.figures;
      return `Guardrail "${alert.metric}" regressed in version "${alert.version}": ${signed(estimate)} [${signed(ci[0])}, ${signed(ci[1])}] against control, always-valid p ${pValue(adjustedPValue)}`;
    }
    case 'srm': {
      const split = alert.figures.versions.map((version) => `${version.key} ${version.units}`).join(', ');
      return `Sample ratio mismatch: units ${split} do not match the planned weights (p ${pValue(alert.figures.pValue)})`;
    }
    case 'no_traffic':
      return `Version "${alert.version}" has no units while the experiment has ${alert.figures.totalUnits}`;
  }
}
