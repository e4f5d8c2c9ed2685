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
 * Sets one variant's share to what the person typed and lets only the variants not yet typed in absorb the rest, in
 * proportion to what they had (equally when they had nothing). A typed share is never changed behind the person's
 * back, so when every other variant has been typed the sum may leave 100% until they fix it (`weightsTotal`).
 */
export function setWeight(
  weights: RolloutWeight[],
  index: number,
  weight: number,
  typed: ReadonlySet<string> = new Set(),
): RolloutWeight[] {
  if (weights.length === 1) return weights.map((entry) => ({ ...entry, weight: BUCKETS }));
  const own = Math.min(BUCKETS, Math.max(0, Math.round(weight)));
  const absorbs = (entry: RolloutWeight, at: number) => at !== index && !typed.has(entry.variant);
  const absorbing = weights.filter(absorbs);
  const kept = weights.filter((entry, at) => at !== index && !absorbs(entry, at));
  const rest = Math.max(0, BUCKETS - own - weightsTotal(kept));
  const before = weightsTotal(absorbing);
  const shares = roundToTotal(
    absorbing.map((entry) => (before === 0 ? rest / absorbing.length : (entry.weight * rest) / before)),
    rest,
  );
  let next = 0;
  return weights.map((entry, at) => {
    if (at === index) return { ...entry, weight: own };
    return absorbs(entry, at) ? { ...entry, weight: shares[next++] as number } : entry;
  });
}

export const weightsTotal = (weights: RolloutWeight[]): number => weights.reduce((sum, entry) => sum + entry.weight, 0);

export const toPercent = (weight: number): number => weight / 100;
export const fromPercent = (percent: number): number => Math.round(percent * 100);
