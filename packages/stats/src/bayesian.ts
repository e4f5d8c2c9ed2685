import normalCdf from '@stdlib/stats-base-dists-normal-cdf';
import normalPdf from '@stdlib/stats-base-dists-normal-pdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import { type Arm, summarizeArm } from './arms';
import { estimateLift } from './lift';
import { requireDecisionThreshold, requireFinite, requirePositive } from './validate';

/** A normal prior on the lift, on the same scale as the test (relative or absolute). */
export interface LiftPrior {
  mean: number;
  variance: number;
}

export interface BayesianOptions {
  relative?: boolean;
  /**
   * The chance to beat control a decision needs (default 0.95). The credible interval is the central 2·threshold − 1
   * interval, [q(1 − threshold), q(threshold)], so it excludes 0 exactly when a decision is reached.
   */
  threshold?: number;
  /** Informative prior on the lift; without it the prior is flat. */
  prior?: LiftPrior;
}

/** The default decision threshold: a 95% chance to beat control. */
const DEFAULT_DECISION_THRESHOLD = 0.95;

export interface BayesianResult {
  /** Posterior mean of the lift. */
  estimate: number;
  ci: [number, number];
  /** P(lift > 0) under the posterior. */
  chanceToWin: number;
  /** Expected loss of choosing control, E[max(lift, 0)], and of choosing treatment, E[max(−lift, 0)]. */
  risk: [number, number];
}

// Conjugate normal update by precision weighting: 1/σ²post = 1/σ²data + 1/σ²prior,
// μpost = σ²post·(μdata/σ²data + μprior/σ²prior) (Gelman et al., Bayesian Data Analysis, 3rd ed., §2.5).
function posterior(mean: number, variance: number, prior?: LiftPrior): { mean: number; sd: number } {
  if (prior === undefined) return { mean, sd: Math.sqrt(variance) };
  const precision = 1 / variance + 1 / prior.variance;
  return { mean: (mean / variance + prior.mean / prior.variance) / precision, sd: Math.sqrt(1 / precision) };
}

// For L ~ N(μ, σ²): E[max(L, 0)] = μΦ(μ/σ) + σφ(μ/σ) and E[max(−L, 0)] = −μΦ(−μ/σ) + σφ(μ/σ).
// Far in a tail the two terms cancel and rounding can leave a value just below 0, hence the floor.
function expectedLosses(mean: number, sd: number): [number, number] {
  const z = mean / sd;
  const density = sd * normalPdf(z, 0, 1);
  return [Math.max(0, mean * normalCdf(z, 0, 1) + density), Math.max(0, -mean * normalCdf(-z, 0, 1) + density)];
}

/**
 * Gaussian model of the lift: the likelihood is N(estimate, variance) with the estimate and delta-method variance
 * of frequentistTest. When the data cannot support a posterior (an arm with fewer than two units, zero variance in
 * both arms, a relative lift over a control mean of 0) ci, chanceToWin and risk are NaN and estimate is the observed
 * lift (NaN where undefined).
 */
export function bayesianTest(control: Arm, treatment: Arm, options: BayesianOptions = {}): BayesianResult {
  const { relative = true, threshold = DEFAULT_DECISION_THRESHOLD, prior } = options;
  requireDecisionThreshold(threshold);
  if (prior !== undefined) {
    requireFinite('prior.mean', prior.mean);
    requirePositive('prior.variance', prior.variance);
  }
  const lift = estimateLift(summarizeArm(control), summarizeArm(treatment), relative);
  if (!(lift.variance > 0) || Number.isNaN(lift.estimate)) {
    return {
      estimate: lift.estimate,
      ci: [Number.NaN, Number.NaN],
      chanceToWin: Number.NaN,
      risk: [Number.NaN, Number.NaN],
    };
  }
  const { mean, sd } = posterior(lift.estimate, lift.variance, prior);
  return {
    estimate: mean,
    ci: [normalQuantile(1 - threshold, mean, sd), normalQuantile(threshold, mean, sd)],
    chanceToWin: normalCdf(mean / sd, 0, 1),
    risk: expectedLosses(mean, sd),
  };
}
