import { z } from 'zod';
import { jsonValueSchema } from './sdk-payload';

/**
 * The OpenFeature Remote Evaluation Protocol (OFREP) as Tabula serves it: the official OFREP providers of every
 * language evaluate Tabula's flags through these two routes.
 */
export const OFREP_PATHS = {
  single: '/ofrep/v1/evaluate/flags/:key',
  bulk: '/ofrep/v1/evaluate/flags',
  /** Tabula's event stream for web providers, named in the bulk answer's `eventStreams`. */
  events: '/ofrep/v1/events/:clientKey',
} as const;

/** The codes of a request OFREP calls bad (400); a missing flag is FLAG_NOT_FOUND (404). */
export const OFREP_REQUEST_ERRORS = ['PARSE_ERROR', 'TARGETING_KEY_MISSING', 'INVALID_CONTEXT', 'GENERAL'] as const;
export type OfrepRequestError = (typeof OFREP_REQUEST_ERRORS)[number];

const flagMetadataSchema = z.record(z.string(), z.union([z.boolean(), z.string(), z.number()]));

export const ofrepRequestSchema = z.object({
  /** `targetingKey` is the unit id; every other field is an attribute rules can test. */
  context: z.record(z.string(), z.unknown()).optional(),
});

export const ofrepSuccessSchema = z.object({
  key: z.string(),
  /** Absent when the flag defers to the caller's own default value (a default or off variant of none). */
  value: jsonValueSchema.optional(),
  reason: z.string(),
  variant: z.string().optional(),
  metadata: flagMetadataSchema.optional(),
});
export type OfrepSuccess = z.infer<typeof ofrepSuccessSchema>;

export const ofrepFailureSchema = z.object({
  key: z.string(),
  errorCode: z.enum([...OFREP_REQUEST_ERRORS, 'FLAG_NOT_FOUND']),
  errorDetails: z.string().optional(),
});
export type OfrepFailure = z.infer<typeof ofrepFailureSchema>;

/** Where a web provider hears that the flags changed (OFREP's event streams): it then fetches the bulk answer again. */
export const ofrepEventStreamSchema = z.object({
  type: z.literal('sse'),
  url: z.string(),
  /** Seconds a hidden page keeps the stream open. */
  inactivityDelaySec: z.number().int().min(0).optional(),
});

export const ofrepBulkSuccessSchema = z.object({
  flags: z.array(z.union([ofrepSuccessSchema, ofrepFailureSchema])),
  eventStreams: z.array(ofrepEventStreamSchema).optional(),
});
export type OfrepBulkSuccess = z.infer<typeof ofrepBulkSuccessSchema>;

/** A bulk request that could not be evaluated at all, and every error without a flag to name (401, 403, 429, 500). */
export const ofrepGeneralFailureSchema = z.object({
  errorCode: z.string().optional(),
  errorDetails: z.string().optional(),
});
export type OfrepGeneralFailure = z.infer<typeof ofrepGeneralFailureSchema>;
