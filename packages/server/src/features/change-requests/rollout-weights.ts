import { BUCKETS } from '@tabula/protocol';

export interface Weight {
  variant: string;
  weight: number;
}

/**
 * The weights of one step of a gradual rollout: `variant` gets `percentage` % of the buckets, and the other variants
 * share the rest in the proportion they had (evenly when they had none), so a 10 → 50 → 100 % plan never moves
 * units between the other variants. Rounding leftovers go to the first others, so the weights always sum to BUCKETS.
 */
export function rolloutWeights(variants: string[], current: Weight[] | null, variant: string, percentage: number) {
  const rolled = Math.round((percentage / 100) * BUCKETS);
  const others = variants.filter((candidate) => candidate !== variant);
  const had = new Map((current ?? []).map((weight) => [weight.variant, weight.weight]));
  const hadTotal = others.reduce((sum, other) => sum + (had.get(other) ?? 0), 0);
  const rest = BUCKETS - rolled;
  const shares = others.map((other) =>
    Math.floor(hadTotal > 0 ? (rest * (had.get(other) ?? 0)) / hadTotal : rest / others.length),
  );
  let leftover = rest - shares.reduce((sum, share) => sum + share, 0);
  for (let index = 0; leftover > 0 && others.length > 0; index = (index + 1) % others.length, leftover -= 1) {
    shares[index]! += 1;
  }
  const weights: Weight[] = [{ variant, weight: others.length === 0 ? BUCKETS : rolled }];
  others.forEach((other, index) => {
    weights.push({ variant: other, weight: shares[index]! });
  });
  return weights;
}
