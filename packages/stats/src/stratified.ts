import { type Arm, type ArmSummary, summarizeArm } from './arms';

/**
 * One arm's mean over periods whose assignment weights differed: the period-stratified estimator of a stratified
 * randomized experiment (Imbens & Rubin 2015, "Causal Inference for Statistics, Social, and Biomedical Sciences",
 * ch. 9), μ̂ = Σ_p w_p·ȳ_p with w_p the share of all units that arrived in period p, and Var(μ̂) = Σ_p w_p²·s²_p/n_p.
 * Pooling the periods instead weighs each period by the arm's own share of units in it, which follows the bandit's
 * weights; when the baseline drifts over time that mixes periods differently per arm and biases the comparison
 * (Simpson's paradox; Hadad, Hirshberg, Zhan, Wager & Athey 2021, "Confidence intervals for policy evaluation in
 * adaptive experiments", PNAS 118(15)). Within a period the weights were fixed, so each period is an ordinary
 * randomized experiment.
 *
 * `periods[p][a]` is arm a's data in period p. A period in which some arm has fewer than two units cannot estimate
 * that arm's mean and variance: it is left out for every arm and the other periods' weights renormalised, so that all
 * arms are still compared over the same population of periods. The result is an ArmSummary per arm, whose per-unit
 * `variance` is n·Var(μ̂), so the usual tests take it as they take any arm.
 */
export function stratifiedArms(periods: Arm[][], arms: number): ArmSummary[] {
  const summaries = periods.map((period) => {
    if (period.length !== arms) throw new RangeError(`every period needs ${arms} arms, got ${period.length}`);
    return period.map(summarizeArm);
  });
  const units = summaries.map((period) => period.reduce((sum, arm) => sum + arm.n, 0));
  const usable = summaries
    .map((period, index) => ({ period, units: units[index] as number }))
    .filter(({ period }) => period.every((arm) => arm.n >= 2 && Number.isFinite(arm.mean)));
  const total = usable.reduce((sum, { units: n }) => sum + n, 0);
  return Array.from({ length: arms }, (_, a) => {
    const n = summaries.reduce((sum, period) => sum + (period[a] as ArmSummary).n, 0);
    if (total === 0) return { n, mean: Number.NaN, variance: Number.NaN };
    let mean = 0;
    let meanVariance = 0;
    for (const { period, units: periodUnits } of usable) {
      const arm = period[a] as ArmSummary;
      const weight = periodUnits / total;
      mean += weight * arm.mean;
      meanVariance += (weight * weight * arm.variance) / arm.n;
    }
    return { n, mean, variance: n * meanVariance };
  });
}
