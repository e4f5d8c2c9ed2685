/** Longer `matches` patterns are refused: backtracking cost grows with the pattern, and the host page pays for it. */
export const MAX_PATTERN_LENGTH = 500;
