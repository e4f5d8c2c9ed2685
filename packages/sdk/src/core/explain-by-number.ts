import type { Problem } from './problem';

/**
 * A problem's message in the snippet bundle, which is built with this module in place of explain.ts to leave the
 * sentences out: the problem's number and the details, `E4 vip` (the README says what each number means).
 */
export const explain = (problem: Problem, ...details: unknown[]): string => [`E${problem}`, ...details].join(' ');
