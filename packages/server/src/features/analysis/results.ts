import type { MetricResult, ResultsQuery, StatisticsSettings, Verdict, VersionResult } from '@tabula/protocol';
import {
  type Arm,
  type ArmSummary,
  bayesianDecision,
  bayesianTest,
  benjaminiHochberg,
  type CupedArm,
  correctedAlpha,
  cupedAdjust,
  frequentistDecision,
  frequentistTest,
  holm,
  SRM_THRESHOLD,
  srmTest,
  stratifiedArms,
} from '@tabula/stats';
import { splitLabel } from './buckets';
import { assessHealth, type HealthInput } from './health';
import { type AnalysedMetric, type DailySums, SUM_FIELDS } from './metric-values';
import type { VersionExposure } from './types';

/**
 * The planned sample size the sequential intervals are tuned for (N* of the confidence sequence): they are tightest
 * around it and valid at every look. Experiments on websites usually reach a few thousand units within days.
 */
export const SEQUENTIAL_TUNING_UNITS = 5000;

export interface ResultsVersion {
  key: string;
  weight: number;
  isControl: boolean;
}

export interface ResultsMetric {
  metric: AnalysedMetric & { name: string; direction: 'higher' | 'lower' };
  role: MetricResult['role'];
  sums: DailySums[];
}

export type Totals = Omit<DailySums, 'version' | 'day'>;
export const zero = (): Totals => Object.fromEntries(SUM_FIELDS.map((field) => [field, 0])) as Totals;
function add(into: Totals, row: Totals): void {
  for (const field of SUM_FIELDS) into[field] += row[field];
}

/** The arm a metric type's statistics take, from the stored sums; with CUPED, the arm with its covariate. */
export function armOf(type: AnalysedMetric['type'], sums: Totals, cuped: boolean): Arm | CupedArm {
  const { n } = sums;
  if (type === 'ratio') {
    const ratio = {
      n,
      sum: sums.m,
      sumSquares: sums.mm,
      denominatorSum: sums.d,
      denominatorSumSquares: sums.dd,
      crossSum: sums.md,
    };
    if (!cuped) return ratio;
    return {
      ...ratio,
      covariateSum: sums.mx,
      covariateSumSquares: sums.mxmx,
      covariateDenominatorSum: sums.dx,
      covariateDenominatorSumSquares: sums.dxdx,
      covariateCrossSum: sums.mxdx,
      numeratorCovariateCrossSum: sums.mmx,
      numeratorCovariateDenominatorCrossSum: sums.mdx,
      denominatorCovariateCrossSum: sums.dmx,
      denominatorCovariateDenominatorCrossSum: sums.ddx,
    };
  }
  if (cuped) {
    return {
      n,
      sum: sums.m,
      sumSquares: sums.mm,
      covariateSum: sums.mx,
      covariateSumSquares: sums.mxmx,
      crossSum: sums.mmx,
    };
  }
  return type === 'conversion' ? { n, conversions: sums.m } : { n, sum: sums.m, sumSquares: sums.mm };
}

const metricValue = (type: AnalysedMetric['type'], sums: Totals): number | null => {
  const denominator = type === 'ratio' ? sums.d : sums.n;
  return denominator > 0 ? sums.m / denominator : null;
};

const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);

interface Comparison {
  estimate: number | null;
  ci: [number | null, number | null];
  pValue: number | null;
  chanceToWin: number | null;
  risk: [number, number] | null;
  level: number;
  varianceReduction: number | null;
}

/** What every comparison of one metric shares. */
interface MetricContext {
  type: AnalysedMetric['type'];
  direction: 'higher' | 'lower';
  cuped: boolean;
  settings: StatisticsSettings;
  options: ResultsQuery;
}

/** The arms the tests take: with CUPED, adjusted, and how much of the lift's variance that removed (if it did). */
function armsOf(context: MetricContext, control: Totals, treatment: Totals) {
  const controlArm = armOf(context.type, control, context.cuped);
  const treatmentArm = armOf(context.type, treatment, context.cuped);
  if (!context.cuped) return { control: controlArm as Arm, treatment: treatmentArm as Arm, varianceReduction: null };
  const adjusted = cupedAdjust(controlArm as CupedArm, treatmentArm as CupedArm);
  // θ = 0 (no spread in the pre-exposure data) leaves the estimate as it was: CUPED did nothing to report.
  return {
    control: adjusted.control satisfies ArmSummary,
    treatment: adjusted.treatment,
    varianceReduction: adjusted.theta === 0 ? null : finite(adjusted.varianceReduction),
  };
}

/**
 * A bandit's sums per version and period (see BanditPeriodInput), summarised into each version's period-stratified
 * mean: with weights that moved over time, pooling the periods would compare versions over different mixes of them.
 */
type Strata = Map<Totals, ArmSummary>;

function stratifiedPair(strata: Strata, control: Totals, treatment: Totals) {
  const arm = (totals: Totals) => {
    const summary = strata.get(totals);
    if (!summary || !Number.isFinite(summary.mean)) throw new RangeError('no period has both versions');
    return summary;
  };
  return { control: arm(control), treatment: arm(treatment), varianceReduction: null };
}

/**
 * One version against control; degenerate data (too few units, no variance) is "not enough data", never an error.
 * intervalAlpha draws a frequentist interval at the level matching a corrected p-value; the p-value stays raw.
 */
function compare(
  context: MetricContext,
  control: Totals,
  treatment: Totals,
  intervalAlpha = context.settings.alpha,
  strata?: Strata,
): Comparison | null {
  const { settings, options } = context;
  if (control.n < 2 || treatment.n < 2) return null;
  try {
    const arms = strata ? stratifiedPair(strata, control, treatment) : armsOf(context, control, treatment);
    if (settings.method === 'bayesian') {
      const threshold = settings.decisionThreshold;
      const result = bayesianTest(arms.control, arms.treatment, { relative: options.relative, threshold });
      if (!Number.isFinite(result.chanceToWin)) return null;
      // Chance and risks are read in the metric's good direction: where lower is better, a fall wins.
      const higher = context.direction === 'higher';
      return {
        estimate: finite(result.estimate),
        ci: [finite(result.ci[0]), finite(result.ci[1])],
        pValue: null,
        chanceToWin: higher ? result.chanceToWin : 1 - result.chanceToWin,
        risk: higher ? result.risk : [result.risk[1], result.risk[0]],
        level: 2 * threshold - 1,
        varianceReduction: arms.varianceReduction,
      };
    }
    const result = frequentistTest(arms.control, arms.treatment, {
      relative: options.relative,
      alpha: settings.alpha,
      intervalAlpha,
      ...(options.sequential && { sequentialTuning: SEQUENTIAL_TUNING_UNITS }),
    });
    if (!Number.isFinite(result.pValue)) return null;
    return {
      estimate: finite(result.estimate),
      ci: [finite(result.ci[0]), finite(result.ci[1])],
      pValue: result.pValue,
      chanceToWin: null,
      risk: null,
      level: 1 - intervalAlpha,
      varianceReduction: arms.varianceReduction,
    };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * Good or bad follows the metric's direction: for a "lower is better" metric, a fall is better. The verdict agrees
 * with the interval drawn: Bayesian at the decision threshold (its chance already reads in the good direction),
 * frequentist only when the adjusted p-value is below alpha and the interval excludes 0.
 */
function verdictOf(comparison: Comparison, adjustedP: number | null, context: MetricContext): Verdict {
  const { settings, direction } = context;
  if (comparison.chanceToWin !== null) {
    const decision = bayesianDecision(comparison.chanceToWin, settings.decisionThreshold);
    return decision === 'higher' ? 'better' : decision === 'lower' ? 'worse' : 'inconclusive';
  }
  const [lower, upper] = comparison.ci;
  const decision = frequentistDecision(
    [lower ?? Number.NaN, upper ?? Number.NaN],
    adjustedP ?? Number.NaN,
    settings.alpha,
  );
  if (decision === 'inconclusive') return 'inconclusive';
  return (decision === 'higher') === (direction === 'higher') ? 'better' : 'worse';
}

export function totalsByVersion(rows: DailySums[], until?: string): Map<string, Totals> {
  const totals = new Map<string, Totals>();
  for (const row of rows) {
    if (until !== undefined && row.day > until) continue;
    const into = totals.get(row.version) ?? zero();
    add(into, row);
    totals.set(row.version, into);
  }
  return totals;
}

const ADJUSTERS: Record<StatisticsSettings['correction'], (pValues: number[]) => number[]> = {
  none: (pValues) => pValues,
  holm,
  'benjamini-hochberg': benjaminiHochberg,
};

/** A bandit's period: from the hour bucket it began in, the versions' weights then. */
export interface BanditPeriodInput {
  start: string;
  weights: Record<string, number>;
}

export interface ResultsInput {
  versions: ResultsVersion[];
  /**
   * A bandit's periods, oldest first (its sums are hourly): versions are compared with the period-stratified
   * estimator (packages/stats stratified.ts, Imbens & Rubin 2015 ch. 9), without CUPED, and the sample ratio is
   * checked against the weights each period had.
   */
  periods?: BanditPeriodInput[];
  exposures: VersionExposure[];
  metrics: ResultsMetric[];
  settings: StatisticsSettings;
  options: ResultsQuery;
  /** How old the snapshot is and whether that matters; without it the snapshot counts as fresh. */
  freshness?: Pick<HealthInput, 'finishedAt' | 'running' | 'now'>;
}

/**
 * Statistics from a snapshot's sums: each metric's value per version, each treatment's lift against control with
 * the project's method, p-values corrected across versions × metrics, a verdict that respects the metric's
 * direction, cumulative series by day of first exposure, the sample ratio check and the health checks.
 */
const unitsByVersion = (versions: Pick<ResultsVersion, 'key'>[], exposures: Pick<VersionExposure, 'key' | 'units'>[]) =>
  versions.map((version) => exposures.find((entry) => entry.key === version.key)?.units ?? 0);

/** The sample ratio mismatch test of the exposures against the planned weights; null before the first exposure. */
export function sampleRatioTest(
  versions: Pick<ResultsVersion, 'key' | 'weight'>[],
  exposures: Pick<VersionExposure, 'key' | 'units'>[],
) {
  const units = unitsByVersion(versions, exposures);
  if (units.reduce((sum, count) => sum + count, 0) === 0) return null;
  return srmTest(
    units,
    versions.map((version) => version.weight),
  );
}

/** Whether the exposures fail the sample ratio test (what the results page flags, and webhooks announce). */
export const sampleRatioMismatched = (
  versions: Pick<ResultsVersion, 'key' | 'weight'>[],
  exposures: Pick<VersionExposure, 'key' | 'units'>[],
): boolean => (sampleRatioTest(versions, exposures)?.pValue ?? 1) < SRM_THRESHOLD;

/** The index of the period a bucket's first exposures fell in: the last that began at or before it (the first else). */
const periodOf = (periods: BanditPeriodInput[], bucket: string): number =>
  Math.max(
    0,
    periods.findLastIndex((period) => period.start <= bucket),
  );

/**
 * Each version's pooled totals (up to `until`) with, for a bandit, their period-stratified summaries keyed by those
 * totals, so that compare() finds the summary of the totals it is given.
 */
function versionTotals(
  rows: DailySums[],
  versions: ResultsVersion[],
  type: AnalysedMetric['type'],
  periods: BanditPeriodInput[] | undefined,
  until?: string,
) {
  const totals = totalsByVersion(rows, until);
  const of = (key: string) => totals.get(key) ?? zero();
  const pooled = new Map(versions.map((version) => [version.key, of(version.key)]));
  if (!periods || periods.length < 2) return { of: (key: string) => pooled.get(key) ?? zero(), strata: undefined };
  const byPeriod = periods.map(() => new Map(versions.map((version) => [version.key, zero()])));
  for (const row of rows) {
    if (until !== undefined && row.day > until) continue;
    const into = byPeriod[periodOf(periods, row.day)]?.get(row.version);
    if (into) add(into, row);
  }
  let summaries: ArmSummary[];
  try {
    summaries = stratifiedArms(
      byPeriod.map((period) => versions.map((version) => armOf(type, period.get(version.key) ?? zero(), false) as Arm)),
      versions.length,
    );
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    summaries = versions.map(() => ({ n: 0, mean: Number.NaN, variance: Number.NaN }));
  }
  const strata: Strata = new Map(versions.map((version, index) => [pooled.get(version.key)!, summaries[index]!]));
  return { of: (key: string) => pooled.get(key) ?? zero(), strata };
}

/**
 * The share of units each version was due over a bandit's periods, Σ_p n_p·w_pv / Σ_p n_p, from the units whose first
 * exposure fell in each period; the current weights otherwise.
 */
function expectedWeights(input: ResultsInput): ResultsVersion[] {
  const { periods, versions } = input;
  const rows = input.metrics[0]?.sums;
  if (!periods || periods.length === 0 || !rows) return versions;
  const units = periods.map(() => 0);
  for (const row of rows) units[periodOf(periods, row.day)]! += row.n;
  const total = units.reduce((sum, n) => sum + n, 0);
  if (total === 0) return versions;
  return versions.map((version) => ({
    ...version,
    weight: periods.reduce((sum, period, p) => sum + (units[p]! / total) * (period.weights[version.key] ?? 0), 0),
  }));
}

export function computeResults(input: ResultsInput) {
  const { versions, settings, options, periods } = input;
  const control = versions.find((version) => version.isControl) ?? versions[0]!;
  const treatments = versions.filter((version) => version !== control);

  const compared = input.metrics.map(({ metric, role, sums }) => {
    const context: MetricContext = {
      type: metric.type,
      direction: metric.direction,
      cuped: options.cuped && metric.cuped.enabled && !periods,
      settings,
      options,
    };
    const { of, strata } = versionTotals(sums, versions, metric.type, periods);
    const comparisons = new Map(
      treatments.map((version) => [
        version.key,
        compare(context, of(control.key), of(version.key), settings.alpha, strata),
      ]),
    );
    return { metric, role, sums, context, totals: of, strata, comparisons };
  });

  // One family: every p-value of every treatment and metric.
  const family = compared.flatMap(({ comparisons }) =>
    [...comparisons.values()].flatMap((comparison) => (comparison?.pValue == null ? [] : [comparison.pValue])),
  );
  const adjusted = ADJUSTERS[settings.correction](family);
  let next = 0;

  const metrics: MetricResult[] = compared.map(
    ({ metric, role, sums: daily, context, totals, strata, comparisons }) => {
      // Each version's interval level: the one matching its corrected p-value, used for its row and its series alike.
      const intervalAlphas = new Map<string, number>();
      const rows: VersionResult[] = versions.map((version) => {
        const sums = totals(version.key);
        const result: VersionResult = {
          version: version.key,
          units: sums.n,
          value: metricValue(metric.type, sums),
          lift: null,
        };
        if (version === control) return result;
        const raw = comparisons.get(version.key) ?? null;
        if (!raw) {
          result.lift = {
            estimate: null,
            ci: [null, null],
            pValue: null,
            adjustedPValue: null,
            chanceToWin: null,
            risk: null,
            level: null,
            varianceReduction: null,
            verdict: 'not_enough_data',
          };
          return result;
        }
        const adjustedPValue = raw.pValue === null ? null : (adjusted[next++] ?? null);
        const intervalAlpha =
          raw.pValue === null || adjustedPValue === null
            ? settings.alpha
            : correctedAlpha(settings.alpha, raw.pValue, adjustedPValue);
        intervalAlphas.set(version.key, intervalAlpha);
        const comparison =
          intervalAlpha === settings.alpha
            ? raw
            : (compare(context, totals(control.key), sums, intervalAlpha, strata) ?? raw);
        result.lift = { ...comparison, adjustedPValue, verdict: verdictOf(comparison, adjustedPValue, context) };
        return result;
      });
      // Hours while the phase is young, days after (see bucketOf): labels of either kind sort in time order.
      const buckets = [...new Set(daily.map((row) => row.day))].sort();
      const series = buckets.map((bucket) => {
        const { of: at, strata: upTo } = versionTotals(daily, versions, metric.type, periods, bucket);
        return {
          ...splitLabel(bucket),
          units: Object.fromEntries(versions.map((version) => [version.key, at(version.key).n])),
          lifts: Object.fromEntries(
            treatments.map((version) => {
              const alpha = intervalAlphas.get(version.key);
              const comparison = compare(context, at(control.key), at(version.key), alpha, upTo);
              return [version.key, { estimate: comparison?.estimate ?? null, ci: comparison?.ci ?? [null, null] }];
            }),
          ),
        };
      });
      return {
        key: metric.key,
        name: metric.name,
        role,
        type: metric.type,
        direction: metric.direction,
        cuped: rows.some((row) => row.lift?.varianceReduction != null),
        versions: rows,
        series,
        guardrailBreached: role === 'guardrails' && rows.some((row) => row.lift?.verdict === 'worse'),
      };
    },
  );

  const units = unitsByVersion(versions, input.exposures);
  const due = expectedWeights(input);
  const srm = sampleRatioTest(due, input.exposures);
  const multipleExposures = input.exposures.reduce((sum, entry) => sum + entry.multipleExposures, 0);
  return {
    control: control.key,
    srm: srm && { chiSquare: srm.chiSquare, pValue: srm.pValue, flagged: srm.pValue < SRM_THRESHOLD },
    health: assessHealth({
      versions: due.map((version, index) => ({ weight: version.weight, units: units[index] ?? 0 })),
      srm,
      multipleExposures,
      ...(input.freshness ?? { finishedAt: null, running: false, now: new Date(0) }),
    }),
    multipleExposures,
    metrics,
  };
}
