/**
 * A percentile of values held in parts (each refresh shard holds its own units' values), computed exactly as
 * PostgreSQL's `percentile_cont` would over all of them, from the few values around it that each part sends.
 * `percentile_cont(p)` over n sorted values interpolates between those at positions floor(p·(n − 1)) and
 * ceil(p·(n − 1)), counted from 0.
 */

/** Which of its values each part sends: its `size` highest or lowest ones. */
export interface ExtremesRequest {
  end: 'top' | 'bottom';
  size: number;
}

/** Where among `count` sorted values the percentile lies: between the values at `first` and `second`. */
export const percentilePositions = (p: number, count: number) => {
  const at = p * (count - 1);
  return { at, first: Math.floor(at), second: Math.ceil(at) };
};

/**
 * What to ask each part for, when all of them together hold `count` values: the fewer of the values from the first
 * position up, or from the lowest to the second position. Null without values: there is no percentile.
 */
export function extremesFor(p: number, count: number): ExtremesRequest | null {
  if (count === 0) return null;
  const { first, second } = percentilePositions(p, count);
  const top = count - first;
  const bottom = second + 1;
  return top <= bottom ? { end: 'top', size: top } : { end: 'bottom', size: bottom };
}

/**
 * The percentile, from what each part sent for `request`: among the values every part sent, the ones the request
 * reaches over all parts are exactly the highest (or lowest) `size` of all values.
 */
export function percentileOfExtremes(
  p: number,
  count: number,
  request: ExtremesRequest,
  parts: readonly (readonly number[])[],
): number {
  const sent = parts.flat().sort((a, b) => a - b);
  const extremes = request.end === 'top' ? sent.slice(sent.length - request.size) : sent.slice(0, request.size);
  const { first, second } = percentilePositions(p, count);
  // The extremes start at position `first` (the top end) or 0 (the bottom end) of all values.
  const offset = request.end === 'top' ? first : 0;
  return interpolatePercentile(p, count, extremes[first - offset] as number, extremes[second - offset] as number);
}

/** The percentile from the values at its two positions (see percentilePositions). */
export function interpolatePercentile(p: number, count: number, low: number, high: number): number {
  const { at, first, second } = percentilePositions(p, count);
  // PostgreSQL's float8 interpolation, term for term, so both give the same double.
  return first === second ? low : low + (at - first) * (high - low);
}
