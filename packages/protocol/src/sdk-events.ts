import { z } from 'zod';
import { exposureDimensionsSchema } from './breakdowns';
import { keySchema } from './common';
import { flagMetadataSchema, jsonValueSchema } from './sdk-payload';

export const MAX_EVENTS_PER_BATCH = 500;
/** Flag keys one batch may report as evaluated; an SDK that evaluated more sends the rest with its next batch. */
export const MAX_FLAG_KEYS_PER_BATCH = 1000;
const attributes = z.record(z.string().max(200), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]));

/** Common to every event: the SDK makes the id, so a retried batch is recognised and never counted twice. */
const eventBase = {
  id: z.string().min(8).max(64),
  /** Epoch milliseconds on the visitor's clock. */
  at: z.number().int().nonnegative(),
  unitId: z.string().min(1).max(200),
};

export const exposureEventSchema = z.object({
  ...eventBase,
  type: z.literal('exposure'),
  experiment: z.string().min(1).max(100),
  version: z.string().min(1).max(100),
  /** For breakdowns; what the server can read from the request (browser, device, OS, country) it fills in. */
  dimensions: exposureDimensionsSchema.optional(),
  /**
   * The unit's attributes as the SDK evaluated with them (scalars): those the project breaks results down by are kept
   * as the exposure's dimensions, unless `dimensions.attributes` names them already.
   */
  attributes: attributes.optional(),
});

export const trackEventSchema = z.object({
  ...eventBase,
  type: z.literal('track'),
  event: z.string().min(1).max(200),
  value: z.number().finite().optional(),
  properties: z.record(z.string().max(200), jsonValueSchema).optional(),
  attributes: attributes.optional(),
});

export const sdkEventSchema = z.discriminatedUnion('type', [exposureEventSchema, trackEventSchema]);
export type SdkEvent = z.infer<typeof sdkEventSchema>;

/**
 * Flag usage as SDKs before evaluation counts report it: the keys of the flags evaluated since the last report, each
 * once, with no count and no unit; each counts as one evaluation without a variant. Keys of flags the project does not
 * have are ignored.
 */
export const flagUsageSchema = z.array(keySchema).max(MAX_FLAG_KEYS_PER_BATCH);

/**
 * Evaluation counts since the SDK's last report: flag key → variant served → evaluations. The variant is NO_VARIANT
 * ('') when none was served (the code's default). Keys of flags the project does not have are counted too: they are
 * listed as unknown flags, so a typo in code surfaces; keys longer than MAX_REPORTED_KEY_LENGTH are dropped.
 */
export const MAX_REPORTED_KEY_LENGTH = 200;
export const evaluationCountsSchema = z
  .record(z.string().min(1), z.record(z.string().max(100), z.number().int().min(1).max(1e9)))
  .refine((counts) => Object.keys(counts).length <= MAX_FLAG_KEYS_PER_BATCH, {
    message: `At most ${MAX_FLAG_KEYS_PER_BATCH} flags per batch`,
  });
export type EvaluationCounts = z.infer<typeof evaluationCountsSchema>;

/** Which SDK sends the batch. `instance`: one running client (a server process); browsers leave it out. */
export const sdkIdentitySchema = z.object({
  name: z.string().min(1).max(100),
  version: z.string().min(1).max(50),
  instance: z.string().min(1).max(100).optional(),
});
export type SdkIdentity = z.infer<typeof sdkIdentitySchema>;

/**
 * Events are validated one by one on the server: bad ones are refused with reasons, good ones kept; a batch of more
 * than MAX_EVENTS_PER_BATCH is refused whole (413). `flags` (usage) is optional, so SDKs that predate it keep working,
 * and is validated as a whole: bad usage refuses the batch (400). A batch may carry usage alone.
 */
export const eventBatchSchema = z
  .object({
    events: z
      .array(z.unknown())
      .default([])
      .describe(`Exposure and track events, at most ${MAX_EVENTS_PER_BATCH}; each one is validated on its own`),
    flags: flagUsageSchema
      .optional()
      .describe(`Keys of the flags evaluated since the last batch (flag usage), at most ${MAX_FLAG_KEYS_PER_BATCH}`),
    evaluations: evaluationCountsSchema
      .optional()
      .describe('Evaluations since the last batch: flag key → variant → count (SDKs from this version on)'),
    sdk: sdkIdentitySchema.optional().describe('The SDK sending the batch: name, version and instance'),
  })
  .refine(
    (batch) =>
      batch.events.length > 0 || (batch.flags?.length ?? 0) > 0 || Object.keys(batch.evaluations ?? {}).length > 0,
    {
      message: 'A batch holds events, evaluated flags or both',
    },
  );
export const eventBatchResultSchema = z.object({
  accepted: z.number().int(),
  /** Already stored earlier (a retried batch); accepted again without counting twice. */
  duplicates: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type EventBatchResult = z.infer<typeof eventBatchResultSchema>;

/** Online retrieval (POST /sdk/v1/evaluate/:clientKey): one unit's flags and experiments, computed by the server. */
export const evaluateRequestSchema = z.strictObject({
  unitId: z.string().min(1).max(200),
  attributes: attributes.default({}),
  /** Only these flags and experiments; all when absent. */
  flags: z.array(z.string()).max(1000).optional(),
  experiments: z.array(z.string()).max(1000).optional(),
  /** Spec §1 automatic exposure: log an exposure for every experiment the unit is in. */
  logExposure: z.boolean().default(false),
});
export type EvaluateRequest = z.infer<typeof evaluateRequestSchema>;

export const EVALUATION_REASONS = [
  'STATIC',
  'TARGETING_MATCH',
  'SPLIT',
  'DEFAULT',
  'DISABLED',
  /** The flag is on, but one of its prerequisites is not met: it serves its off variant. */
  'PREREQUISITE_FAILED',
  'ERROR',
] as const;
export type EvaluationReason = (typeof EVALUATION_REASONS)[number];
/** OpenFeature's error codes. */
export const EVALUATION_ERROR_CODES = [
  'FLAG_NOT_FOUND',
  'TYPE_MISMATCH',
  'PARSE_ERROR',
  'TARGETING_KEY_MISSING',
  'INVALID_CONTEXT',
  'PROVIDER_NOT_READY',
  'GENERAL',
] as const;
export type EvaluationErrorCode = (typeof EVALUATION_ERROR_CODES)[number];

export const flagDetailsSchema = z.object({
  key: z.string(),
  value: jsonValueSchema,
  variant: z.string().nullable(),
  reason: z.enum(EVALUATION_REASONS),
  errorCode: z.enum(EVALUATION_ERROR_CODES).optional(),
  ruleId: z.string().optional(),
  /** The flag's own metadata, when it has any. */
  metadata: flagMetadataSchema.optional(),
});
export type FlagDetails = z.infer<typeof flagDetailsSchema>;

export const experimentAssignmentSchema = z.object({
  experiment: z.string(),
  version: z.string(),
  params: z.record(z.string(), jsonValueSchema),
});
export type ExperimentAssignment = z.infer<typeof experimentAssignmentSchema>;

export const evaluateResponseSchema = z.object({
  flags: z.record(z.string(), flagDetailsSchema),
  experiments: z.record(z.string(), experimentAssignmentSchema),
});
export type EvaluateResponse = z.infer<typeof evaluateResponseSchema>;
