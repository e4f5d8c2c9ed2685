import {
  ErrorCode,
  type EvaluationContext,
  type ResolutionDetails,
  type ResolutionReason,
  StandardResolutionReasons,
} from '@openfeature/core';
import type { EvaluationErrorCode, EvaluationReason } from '@tabula/protocol';
import type { TypedFlagDetails } from '../client/client';
import type { Attributes } from '../core';

const REASONS: Record<EvaluationReason, ResolutionReason> = {
  STATIC: StandardResolutionReasons.STATIC,
  TARGETING_MATCH: StandardResolutionReasons.TARGETING_MATCH,
  SPLIT: StandardResolutionReasons.SPLIT,
  DEFAULT: StandardResolutionReasons.DEFAULT,
  DISABLED: StandardResolutionReasons.DISABLED,
  // OpenFeature has no standard reason for it; reasons are open strings, and this one says why the off variant came.
  PREREQUISITE_FAILED: 'PREREQUISITE_FAILED',
  ERROR: StandardResolutionReasons.ERROR,
};

const ERROR_CODES: Record<EvaluationErrorCode, ErrorCode> = {
  FLAG_NOT_FOUND: ErrorCode.FLAG_NOT_FOUND,
  TYPE_MISMATCH: ErrorCode.TYPE_MISMATCH,
  PARSE_ERROR: ErrorCode.PARSE_ERROR,
  TARGETING_KEY_MISSING: ErrorCode.TARGETING_KEY_MISSING,
  INVALID_CONTEXT: ErrorCode.INVALID_CONTEXT,
  PROVIDER_NOT_READY: ErrorCode.PROVIDER_NOT_READY,
  GENERAL: ErrorCode.GENERAL,
};

const ERROR_MESSAGES: Record<EvaluationErrorCode, string> = {
  FLAG_NOT_FOUND: 'No flag with this key in the environment of the client key',
  TYPE_MISMATCH: 'The flag is of another type than the default value',
  PARSE_ERROR: 'The flag could not be read from the payload',
  TARGETING_KEY_MISSING: 'The evaluation context has no targeting key',
  INVALID_CONTEXT: 'The evaluation context is invalid',
  PROVIDER_NOT_READY: 'No payload has been received yet',
  GENERAL: 'The flag could not be evaluated',
};

/** The flag's own metadata, read this way so that results from before flags had any are read the same. */
interface WithMetadata {
  metadata?: Record<string, string | number | boolean>;
}

export function toResolution<T>(details: TypedFlagDetails<unknown>): ResolutionDetails<T> {
  const { ruleId } = details;
  const resolution: ResolutionDetails<T> = {
    value: details.value as T,
    reason: REASONS[details.reason],
    // The rule that decided, beside what the flag says about itself.
    flagMetadata: { ...(details as WithMetadata).metadata, ...(ruleId === undefined ? {} : { ruleId }) },
  };
  if (details.variant !== null) resolution.variant = details.variant;
  if (details.errorCode !== undefined) {
    resolution.errorCode = ERROR_CODES[details.errorCode];
    resolution.errorMessage = ERROR_MESSAGES[details.errorCode];
  }
  return resolution;
}

/** The targeting key is the unit id, which Tabula reads from the `id` attribute. */
export function toAttributes(context: EvaluationContext): Attributes {
  const { targetingKey, ...attributes } = context;
  return targetingKey === undefined ? attributes : { ...attributes, id: targetingKey };
}
