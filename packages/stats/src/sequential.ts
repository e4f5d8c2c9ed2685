// Always-valid inference with the asymptotic confidence sequences of Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas
// (2024), "Time-uniform central limit theory and asymptotic confidence sequences", Ann. Statist. (arXiv:2103.06476):
// the normal-mixture boundary of Howard, Ramdas, McAuliffe & Sekhon (2021), "Time-uniform, nonparametric,
// nonasymptotic confidence sequences", applied to the CLT-scaled estimate. With N units seen so far, an estimate
// whose variance is V (so s² = N·V per unit) and mixing parameter ρ:
//   two-sided half-width  √(s²) · √( 2(Nρ² + 1) / (N²ρ²) · ln( √(Nρ² + 1) / α ) )
//   one-sided half-width  √(s²) · √( 2(Nρ² + 1) / (N²ρ²) · ln( 1 + √(Nρ² + 1) / (2α) ) )
// ρ is tuned so the boundary is tightest at the planned sample size N*:
//   ρ = √( (−2 ln a + ln(1 − 2 ln a)) / N* ),  a = α two-sided, 2α one-sided.

/** Mixing parameter ρ of the normal mixture, tuned to be tightest at `plannedUnits` (N*). */
export function mixingParameter(alpha: number, plannedUnits: number, twoSided: boolean): number {
  const a = twoSided ? alpha : 2 * alpha;
  return Math.sqrt((-2 * Math.log(a) + Math.log(1 - 2 * Math.log(a))) / plannedUnits);
}

/** The sequence at one look: N units in total so far, an estimate and the variance of that estimate. */
export interface Look {
  units: number;
  estimate: number;
  variance: number;
}

/** Nρ² + 1, the factor through which the look's sample size enters both the width and the p-value. */
function spreadSquared(look: Look, rho: number): number {
  return look.units * rho * rho + 1;
}

export function halfWidth(look: Look, alpha: number, rho: number, twoSided: boolean): number {
  const tr2p1 = spreadSquared(look, rho);
  const s2 = look.variance * look.units;
  const level = twoSided ? Math.log(Math.sqrt(tr2p1) / alpha) : Math.log1p(Math.sqrt(tr2p1) / (2 * alpha));
  return Math.sqrt((s2 * 2 * tr2p1 * level) / (look.units * rho) ** 2);
}

/**
 * The smallest α whose sequence (with ρ held at its tuned value) excludes 0, solved from the half-widths above:
 * two-sided p = min(1, √(Nρ² + 1)·e^(−E)), one-sided (treatment > control) p = min(1, √(Nρ² + 1) / (2(e^E − 1)))
 * for a positive estimate and 1 otherwise, where E = ρ²·N·estimate² / (2V(Nρ² + 1)). The two-sided form is the
 * reciprocal of the mixture martingale, i.e. an anytime-valid p-value.
 */
export function sequentialPValue(look: Look, rho: number, twoSided: boolean): number {
  const tr2p1 = spreadSquared(look, rho);
  const exponent = (rho * rho * look.units * look.estimate * look.estimate) / (2 * look.variance * tr2p1);
  if (twoSided) return Math.min(1, Math.sqrt(tr2p1) * Math.exp(-exponent));
  if (!(look.estimate > 0)) return 1;
  return Math.min(1, Math.sqrt(tr2p1) / (2 * Math.expm1(exponent)));
}
