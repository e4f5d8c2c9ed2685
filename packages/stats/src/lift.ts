import type { ArmSummary } from './arms';

/** The treatment-versus-control effect with the variance of its estimate. */
export interface Lift {
  estimate: number;
  /** Variance of the estimate; NaN when either arm has fewer than two units. */
  variance: number;
  /** Welch–Satterthwaite degrees of freedom; NaN when either arm has fewer than two units. */
  degreesOfFreedom: number;
}

// Welch (1947), Satterthwaite (1946): ν = (vc/nc + vt/nt)² / ((vc/nc)²/(nc − 1) + (vt/nt)²/(nt − 1)).
export function welchDegreesOfFreedom(control: ArmSummary, treatment: ArmSummary): number {
  const c = control.variance / control.n;
  const t = treatment.variance / treatment.n;
  return (c + t) ** 2 / ((c * c) / (control.n - 1) + (t * t) / (treatment.n - 1));
}

function hasVariance(arm: ArmSummary): boolean {
  return arm.n >= 2 && !Number.isNaN(arm.variance);
}

/**
 * Absolute lift mean_t − mean_c with variance vt/nt + vc/nc, or relative lift mean_t/mean_c − 1 with the
 * delta-method variance vt/(nt·mc²) + mt²·vc/(nc·mc⁴) (Deng, Knoblich & Lu 2018, "Applying the Delta Method in Metric Analytics"). The degrees of freedom
 * are the Welch–Satterthwaite ones of the two means in both cases. A relative lift over a control mean of 0 is NaN.
 */
export function estimateLift(control: ArmSummary, treatment: ArmSummary, relative: boolean): Lift {
  const measurable = hasVariance(control) && hasVariance(treatment);
  const degreesOfFreedom = measurable ? welchDegreesOfFreedom(control, treatment) : Number.NaN;
  const controlMean = control.mean;
  const treatmentMean = treatment.mean;
  if (!relative) {
    const variance = treatment.variance / treatment.n + control.variance / control.n;
    return { estimate: treatmentMean - controlMean, variance: measurable ? variance : Number.NaN, degreesOfFreedom };
  }
  if (controlMean === 0) return { estimate: Number.NaN, variance: Number.NaN, degreesOfFreedom };
  const variance =
    treatment.variance / (treatment.n * controlMean ** 2) +
    (treatmentMean ** 2 * control.variance) / (control.n * controlMean ** 4);
  return { estimate: treatmentMean / controlMean - 1, variance: measurable ? variance : Number.NaN, degreesOfFreedom };
}
