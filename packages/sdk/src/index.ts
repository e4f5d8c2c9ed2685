// The public surface of @tabula/sdk; everything else under src/ is internal.
export type {
  ClientOptions,
  ExperimentResult,
  PayloadListener,
  ProjectClientOptions,
  TabClientOptions,
  TabulaClient,
  TypedFlagDetails,
  Widen,
} from './client/client';
export { createClient } from './client/client';
export { POLL_INTERVAL_MS, SDK_VERSIONS } from './client/constants';
export type { EnvelopeOptions, EnvelopeStore, Migration, StorageLike, StoredRecord } from './client/storage';
export { createEnvelopeStore, createMemoryStorage, defaultStorage } from './client/storage';
export type { Assignment, Attributes, EvaluationOptions, Evaluator, FlagResult, StickyAssignments } from './core';
export { bucket, createEvaluator, evaluateCondition } from './core';
export type { AppliedRules, ApplyOptions, NavigationOptions } from './dom';
export {
  ANTI_FLICKER_TIMEOUT_MS,
  addStyleSheet,
  applyElementRules,
  hidePage,
  PASS_LIMIT,
  REAPPLY_LIMIT,
  REAPPLY_WINDOW_MS,
  structure,
  watchNavigation,
} from './dom';
