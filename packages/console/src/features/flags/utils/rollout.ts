import { BUCKETS } from '@tabula/protocol';

/** A rollout's share of one variant, in basis points (10000 is everyone), as the API stores it. */
export interface RolloutWeight {
  variant: string;
  weight: number;
}

/** Whole basis points from parts that may have fractions, the largest fractions rounded up, so the sum is exact. */
function roundToTotal(parts: number[], total: number): number[] {
  const floors = parts.map(Math.floor);
  let missing = total - floors.reduce((sum, part) => sum + part, 0);
  const byFraction = parts.map((part, index) => ({ index, fraction: part - Math.floor(part) }));
  byFraction.sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of byFraction) {
    if (missing <= 0) break;
    floors[index] = (floors[index] as number) + 1;
    missing -= 1;
  }
  return floors;
}

/** Every variant an equal share; the first ones take the basis points left over. */
export function evenWeights(variants: string[]): RolloutWeight[] {
  const shares = roundToTotal(
    variants.map(() => BUCKETS / variants.length),
    BUCKETS,
  );
  return variants.map((variant, index) => ({ variant, weight: shares[index] as number }));
}

/**
 * Sets one variant's share and rebalances the others so the rollout stays at 100%: the rest is shared in
 * proportion to what the others had (equally when they had nothing).
 */
export function setWeight(weights: RolloutWeight[], index: number, weight: number): RolloutWeight[] {
  if (weights.length === 1) return weights.map((entry) => ({ ...entry, weight: BUCKETS }));
  const own = Math.min(BUCKETS, Math.max(0, Math.round(weight)));
  const others = weights.filter((_, at) => at !== index);
  const before = others.reduce((sum, entry) => sum + entry.weight, 0);
  const rest = BUCKETS - own;
  const shares = roundToTotal(
    others.map((entry) => (before === 0 ? rest / others.length : (entry.weight * rest) / before)),
    rest,
  );
  let next = 0;
  return weights.map((entry, at) => ({ ...entry, weight: at === index ? own : (shares[next++] as number) }));
}

export const toPercent = (weight: number): number => weight / 100;
export const fromPercent = (percent: number): number => Math.round(percent * 100);
