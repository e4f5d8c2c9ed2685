/** Weights, traffic and layer slots are in basis points (ARCHITECTURE §5); defined here so core needs no value import. */
export const BUCKETS = 10_000;
/** Longer `matches` patterns are refused: backtracking cost grows with the pattern, and the host page pays for it. */
export const MAX_PATTERN_LENGTH = 500;
