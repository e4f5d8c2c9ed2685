import type { ArmSummary, MeanArm, RatioArm } from './arms';
import {
  type CovarianceBlock,
  type LinearizedRatio,
  linearizedCovariance,
  linearizeRatio,
  ratioVariance,
  sampleCovariance,
  sampleVariance,
} from './moments';
import { requireFinite, requireUnitCount } from './validate';

/** A mean metric y with its pre-exposure covariate x: Σx, Σx² and crossSum = Σy·x. */
export interface CupedMeanArm extends MeanArm {
  covariateSum: number;
  covariateSumSquares: number;
  crossSum: number;
}

/**
 * A ratio metric m/d (see RatioArm) with its pre-exposure values as the covariate, itself a ratio mx/dx:
 * Σmx, Σmx², Σdx, Σdx², covariateCrossSum = Σmx·dx, and the four products of an exposure-period sum with a
 * pre-exposure one: Σm·mx, Σm·dx, Σd·mx, Σd·dx.
 */
export interface CupedRatioArm extends RatioArm {
  covariateSum: number;
  covariateSumSquares: number;
  covariateDenominatorSum: number;
  covariateDenominatorSumSquares: number;
  covariateCrossSum: number;
  numeratorCovariateCrossSum: number;
  numeratorCovariateDenominatorCrossSum: number;
  denominatorCovariateCrossSum: number;
  denominatorCovariateDenominatorCrossSum: number;
}

export type CupedArm = CupedMeanArm | CupedRatioArm;

export interface CupedResult {
  control: ArmSummary;
  treatment: ArmSummary;
  /** The pooled regression coefficient θ = cov(y, x) / var(x); 0 when the covariate does not vary. */
  theta: number;
  /**
   * 1 − Var(adjusted difference of means) / Var(unadjusted difference): the share of the variance the covariate
   * removed; 0 when θ is 0, NaN when the unadjusted difference has no variance.
   */
  varianceReduction: number;
}

/** The metric and its covariate reduced to what the regression adjustment needs (both linearised for ratios). */
interface AdjustmentMoments {
  n: number;
  value: number;
  covariateValue: number;
  variance: number;
  covariateVariance: number;
  covariance: number;
}

function meanMoments(arm: CupedMeanArm): AdjustmentMoments {
  const { n } = arm;
  return {
    n,
    value: arm.sum / n,
    covariateValue: arm.covariateSum / n,
    variance: sampleVariance(n, arm.sum, arm.sumSquares),
    covariateVariance: sampleVariance(n, arm.covariateSum, arm.covariateSumSquares),
    covariance: sampleCovariance(n, arm.sum, arm.covariateSum, arm.crossSum),
  };
}

function ratioMoments(arm: CupedRatioArm): AdjustmentMoments {
  const { n } = arm;
  const metric: LinearizedRatio = linearizeRatio(n, arm.sum, arm.denominatorSum);
  const covariate: LinearizedRatio = linearizeRatio(n, arm.covariateSum, arm.covariateDenominatorSum);
  const cross: CovarianceBlock = {
    numeratorNumerator: sampleCovariance(n, arm.sum, arm.covariateSum, arm.numeratorCovariateCrossSum),
    numeratorDenominator: sampleCovariance(
      n,
      arm.sum,
      arm.covariateDenominatorSum,
      arm.numeratorCovariateDenominatorCrossSum,
    ),
    denominatorNumerator: sampleCovariance(n, arm.denominatorSum, arm.covariateSum, arm.denominatorCovariateCrossSum),
    denominatorDenominator: sampleCovariance(
      n,
      arm.denominatorSum,
      arm.covariateDenominatorSum,
      arm.denominatorCovariateDenominatorCrossSum,
    ),
  };
  return {
    n,
    value: metric.value,
    covariateValue: covariate.value,
    variance: ratioVariance(
      {
        n,
        numeratorSum: arm.sum,
        numeratorSumSquares: arm.sumSquares,
        denominatorSum: arm.denominatorSum,
        denominatorSumSquares: arm.denominatorSumSquares,
        crossSum: arm.crossSum,
      },
      metric,
    ),
    covariateVariance: ratioVariance(
      {
        n,
        numeratorSum: arm.covariateSum,
        numeratorSumSquares: arm.covariateSumSquares,
        denominatorSum: arm.covariateDenominatorSum,
        denominatorSumSquares: arm.covariateDenominatorSumSquares,
        crossSum: arm.covariateCrossSum,
      },
      covariate,
    ),
    covariance: linearizedCovariance(metric, cross, covariate),
  };
}

const MEAN_FIELDS = ['n', 'sum', 'sumSquares', 'covariateSum', 'covariateSumSquares', 'crossSum'] as const;
const RATIO_FIELDS = [
  'n',
  'sum',
  'sumSquares',
  'denominatorSum',
  'denominatorSumSquares',
  'crossSum',
  'covariateSum',
  'covariateSumSquares',
  'covariateDenominatorSum',
  'covariateDenominatorSumSquares',
  'covariateCrossSum',
  'numeratorCovariateCrossSum',
  'numeratorCovariateDenominatorCrossSum',
  'denominatorCovariateCrossSum',
  'denominatorCovariateDenominatorCrossSum',
] as const;

function isRatio(arm: CupedArm): arm is CupedRatioArm {
  return 'denominatorSum' in arm;
}

function fieldsOf(arm: CupedArm): readonly string[] {
  return isRatio(arm) ? RATIO_FIELDS : MEAN_FIELDS;
}

function checkArm(arm: CupedArm): void {
  requireUnitCount('n', arm.n);
  const sums = arm as unknown as Record<string, number>;
  for (const field of fieldsOf(arm)) requireFinite(field, sums[field] ?? Number.NaN);
}

// Both arms' sums added field by field: the data of the two arms taken as one sample.
function pool(a: CupedArm, b: CupedArm): CupedArm {
  const left = a as unknown as Record<string, number>;
  const right = b as unknown as Record<string, number>;
  const pooled: Record<string, number> = {};
  for (const field of fieldsOf(a)) pooled[field] = (left[field] ?? 0) + (right[field] ?? 0);
  return pooled as unknown as CupedArm;
}

function momentsOf(arm: CupedArm): AdjustmentMoments {
  return isRatio(arm) ? ratioMoments(arm) : meanMoments(arm);
}

// CUPED (Deng, Xu, Kohavi & Walker 2013, "Improving the Sensitivity of Online Controlled Experiments by Utilizing
// Pre-Experiment Data"): Ŷcv = Ȳ − θ(X̄ − E[X]) with θ = cov(Y, X) / var(X) estimated on both arms pooled,
// and per-unit variance var(Y) − 2θ·cov(Y, X) + θ²·var(X). E[X] is estimated by the pooled covariate mean, which
// cancels in the absolute lift and keeps both adjusted means on the metric's scale for the relative lift.
// Ratios use their delta-method linearisations for Y and X (Deng, Knoblich & Lu 2018).
function adjust(arm: AdjustmentMoments, theta: number, covariateMean: number): ArmSummary {
  if (theta === 0) return { n: arm.n, mean: arm.value, variance: arm.variance };
  return {
    n: arm.n,
    mean: arm.value - theta * (arm.covariateValue - covariateMean),
    variance: Math.max(0, arm.variance - 2 * theta * arm.covariance + theta * theta * arm.covariateVariance),
  };
}

// Var(Ȳt − Ȳc) = v_t/n_t + v_c/n_c: the variance the adjustment is meant to shrink (Deng et al. 2013, §3.1).
function differenceVariance(
  control: Pick<ArmSummary, 'n' | 'variance'>,
  treatment: Pick<ArmSummary, 'n' | 'variance'>,
) {
  return control.variance / control.n + treatment.variance / treatment.n;
}

/**
 * Regression adjustment of both arms with their pre-exposure covariate. The returned summaries go straight into
 * frequentistTest or bayesianTest. Both arms must have the same shape (mean or ratio).
 */
export function cupedAdjust(control: CupedArm, treatment: CupedArm): CupedResult {
  checkArm(control);
  checkArm(treatment);
  if (isRatio(control) !== isRatio(treatment)) throw new RangeError('both arms must be mean arms or both ratio arms');
  const controlMoments = momentsOf(control);
  const treatmentMoments = momentsOf(treatment);
  const pooled = momentsOf(pool(control, treatment));
  // A covariate without spread, or one undefined in an arm (a ratio whose pre-exposure denominator is 0), carries
  // no information: the arms are then returned unadjusted.
  const usable =
    pooled.covariateVariance > 0 && Number.isFinite(controlMoments.covariateValue + treatmentMoments.covariateValue);
  const theta = usable ? pooled.covariance / pooled.covariateVariance : 0;
  const adjusted = {
    control: adjust(controlMoments, theta, pooled.covariateValue),
    treatment: adjust(treatmentMoments, theta, pooled.covariateValue),
  };
  const before = differenceVariance(controlMoments, treatmentMoments);
  const after = differenceVariance(adjusted.control, adjusted.treatment);
  return { ...adjusted, theta, varianceReduction: before > 0 ? 1 - after / before : Number.NaN };
}
