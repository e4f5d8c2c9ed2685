// Multiple-testing corrections across versions × metrics. Both return adjusted p-values in the input order; a NaN
// p-value (a comparison without enough data) stays NaN and does not count towards the family size m.

function ascendingOrder(pValues: readonly number[]): number[] {
  pValues.forEach((p, index) => {
    if (!Number.isNaN(p) && !(p >= 0 && p <= 1)) throw new RangeError(`p-value ${index} must lie in [0, 1], got ${p}`);
  });
  return pValues
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => !Number.isNaN(p))
    .sort((a, b) => a.p - b.p)
    .map(({ index }) => index);
}

// Holm (1979) step-down: p̃(i) = max over j ≤ i of min(1, (m − j + 1)·p(j)), with p(1) ≤ … ≤ p(m).
export function holm(pValues: readonly number[]): number[] {
  const order = ascendingOrder(pValues);
  const m = order.length;
  const adjusted = pValues.map(() => Number.NaN);
  let running = 0;
  order.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * (pValues[index] ?? Number.NaN)));
    adjusted[index] = running;
  });
  return adjusted;
}

// Benjamini & Hochberg (1995) step-up: p̃(i) = min over j ≥ i of min(1, m·p(j) / j), with p(1) ≤ … ≤ p(m).
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const order = ascendingOrder(pValues);
  const m = order.length;
  const adjusted = pValues.map(() => Number.NaN);
  let running = 1;
  for (let rank = m - 1; rank >= 0; rank -= 1) {
    const index = order[rank] ?? 0;
    // The factor m/(rank + 1) ≥ 1 is formed first so that rounding never leaves an adjusted value below its p.
    running = Math.min(running, (pValues[index] ?? Number.NaN) * (m / (rank + 1)));
    adjusted[index] = running;
  }
  return adjusted;
}

// The interval matching an adjusted p-value p̃: drawn at α·p/p̃, it excludes 0 exactly when p < α·p/p̃, that is when
// p̃ < α. Without this the correction would move the p-value but leave a 1 − α interval that excludes 0 beside an
// "inconclusive". For Holm's single-comparison case this is α; for Bonferroni it is α/m.
export function correctedAlpha(alpha: number, pValue: number, adjustedPValue: number): number {
  if (!(adjustedPValue > 0 && pValue > 0)) return alpha;
  return alpha * Math.min(1, pValue / adjustedPValue);
}
