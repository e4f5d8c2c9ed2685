import type { AnalysedMetric, DailySums } from '../src/features/analysis/metric-values';
import type { ResultsMetric } from '../src/features/analysis/results';

/** A seeded generator (mulberry32): every run of a test draws the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The sums a conversion metric leaves at 0: no denominator, no covariate. */
export const UNUSED_SUMS = {
  d: 0,
  dd: 0,
  md: 0,
  mx: 0,
  mxmx: 0,
  dx: 0,
  dxdx: 0,
  mxdx: 0,
  mmx: 0,
  mdx: 0,
  dmx: 0,
  ddx: 0,
};

/** A day's sums of a conversion metric: n units, `converted` of them converted (m = m² for 0/1 values). */
export const conversionSums = (version: string, day: string, n: number, converted: number): DailySums => ({
  version,
  day,
  n,
  m: converted,
  mm: converted,
  ...UNUSED_SUMS,
});

/** A conversion metric of event `key`, without window, capping or CUPED. */
export const conversionMetric = (
  key: string,
  direction: 'higher' | 'lower',
): ResultsMetric['metric'] & AnalysedMetric => ({
  key,
  name: key,
  type: 'conversion',
  direction,
  source: { kind: 'event', event: key, filter: null },
  ratio: null,
  windowHours: null,
  capping: { kind: 'none' },
  cuped: { enabled: false, lookbackDays: 14 },
});
