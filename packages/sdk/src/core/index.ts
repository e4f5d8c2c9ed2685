import './all-operators';

export { BUCKETS, bucket, createBucketer, murmur3, unitOf } from './bucket';
export { isObject } from './coercion';
export { evaluateCondition } from './conditions';
export { MAX_PATTERN_LENGTH } from './constants';
export {
  type CompiledPayload,
  compilePayload,
  createEvaluator,
  evaluateExperiment,
  evaluateFlag,
  isPayload,
  missingFlag,
} from './evaluator';
export { errorResult } from './flags';
export { installOperators } from './operators';
export { Problem } from './problem';
export { explain, report } from './report';

export { compareSemver, parseSemver, type Semver } from './semver';
export type { Assignment, Attributes, EvaluationOptions, Evaluator, FlagResult, StickyAssignments } from './types';
