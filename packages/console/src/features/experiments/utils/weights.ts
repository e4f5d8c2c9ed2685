import { BUCKETS } from '@tabula/protocol';

/** Percentages shown to people are basis points (1/100 of a percent) in the API. */
export const toPercent = (basisPoints: number): number => basisPoints / 100;
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);

export const totalWeight = (weights: readonly number[]): number => weights.reduce((sum, weight) => sum + weight, 0);

/** Shares 100% out as evenly as basis points allow; the first versions take the remainder, one point each. */
export function equalSplit(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(BUCKETS / count);
  const remainder = BUCKETS - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1 : 0));
}

/** "12.5%": at most two decimals, none when they are zero. */
export const formatPercent = (basisPoints: number): string => `${Number(toPercent(basisPoints).toFixed(2))}%`;
