export { BUCKETS, bucket, createBucketer, murmur3, unitOf } from './bucket';
export { isObject } from './coercion';
export { evaluateCondition } from './conditions';
export { MAX_PATTERN_LENGTH } from './constants';
export { createEvaluator, isPayload } from './evaluator';
export { report } from './report';

export { compareSemver, parseSemver, type Semver } from './semver';
export type { Assignment, Attributes, EvaluationOptions, Evaluator, FlagResult, StickyAssignments } from './types';
