import tCdf from '@stdlib/stats-base-dists-t-cdf';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { type Arm, summarizeArm } from './arms';
import { estimateLift, type Lift } from './lift';
import { halfWidth, mixingParameter, sequentialPValue } from './sequential';
import { requireOpenUnitInterval, requirePositive } from './validate';

export interface FrequentistOptions {
  /** Relative lift mean_t/mean_c − 1 (default) or absolute difference mean_t − mean_c. */
  relative?: boolean;
  alpha?: number;
  /** Two-sided test (default); false tests treatment > control and gives the interval [lower, +∞). */
  twoSided?: boolean;
  /** Planned total units of both arms (N*): switches to the always-valid confidence sequence tuned for it. */
  sequentialTuning?: number;
  /**
   * The interval's level 1 − intervalAlpha when it must differ from the test's (default alpha): correctedAlpha gives
   * the one that matches a multiple-testing adjusted p-value. The sequential boundary stays tuned for alpha.
   */
  intervalAlpha?: number;
}

export interface FrequentistResult {
  estimate: number;
  ci: [number, number];
  pValue: number;
  stdError: number;
}

// Welch's t-test (Welch 1947): t = estimate / stdError on the Welch–Satterthwaite degrees of freedom.
function welchTest(
  lift: Lift,
  stdError: number,
  alpha: number,
  twoSided: boolean,
): Omit<FrequentistResult, 'stdError'> {
  const { estimate, degreesOfFreedom } = lift;
  const t = estimate / stdError;
  if (twoSided) {
    const width = tQuantile(1 - alpha / 2, degreesOfFreedom) * stdError;
    // 2·F(−|t|) rather than 2·(1 − F(|t|)) keeps small p-values from rounding to 0.
    return { estimate, ci: [estimate - width, estimate + width], pValue: 2 * tCdf(-Math.abs(t), degreesOfFreedom) };
  }
  const width = tQuantile(1 - alpha, degreesOfFreedom) * stdError;
  return { estimate, ci: [estimate - width, Number.POSITIVE_INFINITY], pValue: tCdf(-t, degreesOfFreedom) };
}

interface SequentialPlan {
  units: number;
  plannedUnits: number;
  /** The α the boundary is tuned for (ρ); the interval may be drawn at another level with the same ρ. */
  tunedAlpha: number;
}

// The p-value is the smallest α whose sequence, with ρ held fixed, excludes 0; drawing the interval at another α with
// the same ρ keeps "interval excludes 0 ⇔ p < that α".
function sequentialTest(
  lift: Lift,
  plan: SequentialPlan,
  alpha: number,
  twoSided: boolean,
): Omit<FrequentistResult, 'stdError'> {
  const rho = mixingParameter(plan.tunedAlpha, plan.plannedUnits, twoSided);
  const look = { units: plan.units, estimate: lift.estimate, variance: lift.variance };
  const width = halfWidth(look, alpha, rho, twoSided);
  const upper = twoSided ? lift.estimate + width : Number.POSITIVE_INFINITY;
  return { estimate: lift.estimate, ci: [lift.estimate - width, upper], pValue: sequentialPValue(look, rho, twoSided) };
}

/**
 * Compares a treatment arm with the control arm. When the data cannot support an interval (an arm with fewer than
 * two units, zero variance in both arms, a relative lift over a control mean of 0) ci and pValue are NaN, and
 * estimate and stdError are NaN too where they are undefined. Invalid options throw a RangeError.
 */
export function frequentistTest(control: Arm, treatment: Arm, options: FrequentistOptions = {}): FrequentistResult {
  const { relative = true, alpha = 0.05, twoSided = true, sequentialTuning, intervalAlpha = alpha } = options;
  requireOpenUnitInterval('alpha', alpha);
  requireOpenUnitInterval('intervalAlpha', intervalAlpha);
  if (sequentialTuning !== undefined) {
    requirePositive('sequentialTuning', sequentialTuning);
    if (!twoSided && Math.max(alpha, intervalAlpha) >= 0.5)
      throw new RangeError('a one-sided sequential test needs alpha below 0.5');
  }
  const controlSummary = summarizeArm(control);
  const treatmentSummary = summarizeArm(treatment);
  const lift = estimateLift(controlSummary, treatmentSummary, relative);
  const stdError = Math.sqrt(lift.variance);
  if (!(stdError > 0) || Number.isNaN(lift.estimate)) {
    return { estimate: lift.estimate, ci: [Number.NaN, Number.NaN], pValue: Number.NaN, stdError };
  }
  const result =
    sequentialTuning === undefined
      ? welchTest(lift, stdError, intervalAlpha, twoSided)
      : sequentialTest(
          lift,
          { units: controlSummary.n + treatmentSummary.n, plannedUnits: sequentialTuning, tunedAlpha: alpha },
          intervalAlpha,
          twoSided,
        );
  return { ...result, stdError };
}
