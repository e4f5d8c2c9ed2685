import type { MetricResult } from '@tabula/protocol';

/**
 * The least and the most variance CUPED removed across a metric's versions; null where pre-exposure data changed no
 * estimate, so that "CUPED applied" is only said when it did something.
 */
export function cupedReduction(metric: MetricResult): [number, number] | null {
  const reductions = metric.versions.flatMap((row) =>
    row.lift?.varianceReduction == null ? [] : [row.lift.varianceReduction],
  );
  if (!metric.cuped || reductions.length === 0) return null;
  return [Math.min(...reductions), Math.max(...reductions)];
}
