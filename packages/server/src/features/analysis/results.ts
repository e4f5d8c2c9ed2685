import type { MetricResult, ResultsQuery, StatisticsSettings, Verdict, VersionResult } from '@tabula/protocol';
import {
  type Arm,
  type ArmSummary,
  bayesianTest,
  benjaminiHochberg,
  type CupedArm,
  cupedAdjust,
  frequentistTest,
  holm,
  SRM_THRESHOLD,
  srmTest,
} from '@tabula/stats';
import type { AnalysedMetric, DailySums } from './metric-sql';
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

type Totals = Omit<DailySums, 'version' | 'day'>;
const FIELDS = [
  'n',
  'm',
  'mm',
  'd',
  'dd',
  'md',
  'mx',
  'mxmx',
  'dx',
  'dxdx',
  'mxdx',
  'mmx',
  'mdx',
  'dmx',
  'ddx',
] as const;
const zero = (): Totals => Object.fromEntries(FIELDS.map((field) => [field, 0])) as Totals;
function add(into: Totals, row: Totals): void {
  for (const field of FIELDS) into[field] += row[field];
}

/** The arm a metric type's statistics take, from the stored sums; with CUPED, the arm with its covariate. */
function armOf(type: AnalysedMetric['type'], sums: Totals, cuped: boolean): Arm | CupedArm {
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
}

/** One version against control; degenerate data (too few units, no variance) is "not enough data", never an error. */
function compare(
  type: AnalysedMetric['type'],
  control: Totals,
  treatment: Totals,
  cuped: boolean,
  settings: StatisticsSettings,
  options: ResultsQuery,
): Comparison | null {
  if (control.n < 2 || treatment.n < 2) return null;
  try {
    let controlArm: Arm | CupedArm = armOf(type, control, cuped);
    let treatmentArm: Arm | CupedArm = armOf(type, treatment, cuped);
    if (cuped) {
      const adjusted = cupedAdjust(controlArm as CupedArm, treatmentArm as CupedArm);
      controlArm = adjusted.control satisfies ArmSummary;
      treatmentArm = adjusted.treatment;
    }
    const common = { relative: options.relative, alpha: settings.alpha };
    if (settings.method === 'bayesian') {
      const result = bayesianTest(controlArm as Arm, treatmentArm as Arm, common);
      if (!Number.isFinite(result.chanceToWin)) return null;
      return {
        estimate: finite(result.estimate),
        ci: [finite(result.ci[0]), finite(result.ci[1])],
        pValue: null,
        chanceToWin: result.chanceToWin,
        risk: result.risk,
      };
    }
    const result = frequentistTest(controlArm as Arm, treatmentArm as Arm, {
      ...common,
      ...(options.sequential && { sequentialTuning: SEQUENTIAL_TUNING_UNITS }),
    });
    if (!Number.isFinite(result.pValue)) return null;
    return {
      estimate: finite(result.estimate),
      ci: [finite(result.ci[0]), finite(result.ci[1])],
      pValue: result.pValue,
      chanceToWin: null,
      risk: null,
    };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Good or bad follows the metric's direction: for a "lower is better" metric, a rise is worse. */
function verdictOf(
  comparison: Comparison,
  adjustedP: number | null,
  direction: 'higher' | 'lower',
  alpha: number,
): Verdict {
  const sign = direction === 'higher' ? 1 : -1;
  const estimate = comparison.estimate ?? 0;
  if (comparison.chanceToWin !== null) {
    const good = direction === 'higher' ? comparison.chanceToWin : 1 - comparison.chanceToWin;
    if (good >= 1 - alpha) return 'better';
    if (good <= alpha) return 'worse';
    return 'inconclusive';
  }
  if (adjustedP === null || adjustedP >= alpha) return 'inconclusive';
  return sign * estimate > 0 ? 'better' : 'worse';
}

function totalsByVersion(rows: DailySums[], until?: string): Map<string, Totals> {
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

export interface ResultsInput {
  versions: ResultsVersion[];
  exposures: VersionExposure[];
  metrics: ResultsMetric[];
  settings: StatisticsSettings;
  options: ResultsQuery;
}

/**
 * Statistics from a snapshot's sums: each metric's value per version, each treatment's lift against control with
 * the project's method, p-values corrected across versions × metrics, a verdict that respects the metric's
 * direction, cumulative series by day of first exposure, and the sample ratio check.
 */
export function computeResults(input: ResultsInput) {
  const { versions, settings, options } = input;
  const control = versions.find((version) => version.isControl) ?? versions[0]!;
  const treatments = versions.filter((version) => version !== control);

  const compared = input.metrics.map(({ metric, role, sums }) => {
    const cuped = options.cuped && metric.cuped.enabled;
    const totals = totalsByVersion(sums);
    const of = (key: string) => totals.get(key) ?? zero();
    const comparisons = new Map(
      treatments.map((version) => [
        version.key,
        compare(metric.type, of(control.key), of(version.key), cuped, settings, options),
      ]),
    );
    return { metric, role, sums, cuped, totals: of, comparisons };
  });

  // One family: every p-value of every treatment and metric.
  const family = compared.flatMap(({ comparisons }) =>
    [...comparisons.values()].flatMap((comparison) => (comparison?.pValue == null ? [] : [comparison.pValue])),
  );
  const adjusted = ADJUSTERS[settings.correction](family);
  let next = 0;

  const metrics: MetricResult[] = compared.map(({ metric, role, sums: daily, cuped, totals, comparisons }) => {
    const rows: VersionResult[] = versions.map((version) => {
      const sums = totals(version.key);
      const result: VersionResult = {
        version: version.key,
        units: sums.n,
        value: metricValue(metric.type, sums),
        lift: null,
      };
      if (version === control) return result;
      const comparison = comparisons.get(version.key) ?? null;
      if (!comparison) {
        result.lift = {
          estimate: null,
          ci: [null, null],
          pValue: null,
          adjustedPValue: null,
          chanceToWin: null,
          risk: null,
          verdict: 'not_enough_data',
        };
        return result;
      }
      const adjustedPValue = comparison.pValue === null ? null : (adjusted[next++] ?? null);
      result.lift = {
        ...comparison,
        adjustedPValue,
        verdict: verdictOf(comparison, adjustedPValue, metric.direction, settings.alpha),
      };
      return result;
    });
    const days = [...new Set(daily.map((row) => row.day))].sort();
    const series = days.map((day) => {
      const cumulative = totalsByVersion(daily, day);
      const at = (key: string) => cumulative.get(key) ?? zero();
      return {
        day,
        units: Object.fromEntries(versions.map((version) => [version.key, at(version.key).n])),
        lifts: Object.fromEntries(
          treatments.map((version) => {
            const comparison = compare(metric.type, at(control.key), at(version.key), cuped, settings, options);
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
      cuped,
      versions: rows,
      series,
      guardrailBreached: role === 'guardrails' && rows.some((row) => row.lift?.verdict === 'worse'),
    };
  });

  const units = versions.map((version) => input.exposures.find((entry) => entry.key === version.key)?.units ?? 0);
  const srm =
    units.reduce((sum, count) => sum + count, 0) > 0
      ? srmTest(
          units,
          versions.map((version) => version.weight),
        )
      : null;
  return {
    control: control.key,
    srm: srm && { ...srm, flagged: srm.pValue < SRM_THRESHOLD },
    multipleExposures: input.exposures.reduce((sum, entry) => sum + entry.multipleExposures, 0),
    metrics,
  };
}
