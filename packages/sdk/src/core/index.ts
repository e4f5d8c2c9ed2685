export { bucket, createBucketer, unitOf } from './bucket';
export { evaluateCondition } from './conditions';
export { BUCKETS, MAX_PATTERN_LENGTH } from './constants';
export { createEvaluator } from './evaluator';
export { murmur3 } from './hash';
export { compareSemver, parseSemver, type Semver } from './semver';
export type { Assignment, Attributes, EvaluationOptions, Evaluator, FlagResult, StickyAssignments } from './types';
