import { z } from 'zod';
import { keySchema, timestampSchema } from './common';

/** Hourly evaluation counts are kept this long; the usage chart reaches back at most as far. */
export const USAGE_RETENTION_DAYS = 30;
/** The usage chart's spans, in days. */
export const USAGE_SPANS = [7, 30] as const;
/** Spans up to this many days are drawn per hour; longer ones per day. */
export const HOURLY_SPAN_MAX_DAYS = 7;
export const STALE_AFTER_DAYS_DEFAULT = 30;
export const STALE_AFTER_DAYS_MAX = 365;
/** The variant counted when an SDK does not say which one it served (older SDKs), or served none (the code default). */
export const NO_VARIANT = '';

export const staleAfterDaysSchema = z
  .number()
  .int('Please input whole days')
  .min(1, 'Please input at least 1 day')
  .max(STALE_AFTER_DAYS_MAX, `Please input at most ${STALE_AFTER_DAYS_MAX} days`);

export const STALE_REASONS = ['not_evaluated', 'fully_rolled_out'] as const;
export const staleReasonSchema = z.enum(STALE_REASONS);
export type StaleReason = z.infer<typeof staleReasonSchema>;
/**
 * Why a flag is potentially stale. `since`: for not_evaluated, the last evaluation any SDK reported (null: never, and
 * the flag is older than the project's staleAfterDays); for fully_rolled_out, when it began serving one value
 * everywhere.
 */
export const flagStaleSchema = z.object({
  reason: staleReasonSchema,
  since: timestampSchema.nullable(),
});
export type FlagStale = z.infer<typeof flagStaleSchema>;

export const flagUsageQuerySchema = z.strictObject({
  environment: keySchema,
  days: z.coerce
    .number()
    .int()
    .min(1, 'Please input days from 1')
    .max(USAGE_RETENTION_DAYS, `Please input days up to ${USAGE_RETENTION_DAYS}`)
    .default(7),
});
export type FlagUsageQuery = z.infer<typeof flagUsageQuerySchema>;

export const usagePointSchema = z.object({ at: timestampSchema, count: z.number().int() });
export const flagUsageSeriesSchema = z.object({
  environment: z.string(),
  days: z.number().int(),
  granularity: z.enum(['hour', 'day']),
  /** One series per variant served (NO_VARIANT: not told, or the code's default); only buckets with evaluations. */
  series: z.array(z.object({ variant: z.string(), total: z.number().int(), points: z.array(usagePointSchema) })),
  total: z.number().int(),
  lastEvaluatedAt: timestampSchema.nullable(),
});
export type FlagUsageSeries = z.infer<typeof flagUsageSeriesSchema>;

export const sdkInstanceSchema = z.object({
  environment: z.string(),
  /** Empty for browser clients, which are counted together per SDK version rather than one per page. */
  instanceId: z.string(),
  sdkName: z.string(),
  sdkVersion: z.string(),
  /** Older major or minor than the SDK this server ships; null when the SDK is not one this server knows. */
  outdated: z.boolean().nullable(),
  firstSeenAt: timestampSchema,
  lastSeenAt: timestampSchema,
});
export type SdkInstance = z.infer<typeof sdkInstanceSchema>;
export const sdkInstanceListSchema = z.object({
  instances: z.array(sdkInstanceSchema),
  /** The SDK version this server ships per SDK name, what `outdated` compares with. */
  current: z.record(z.string(), z.array(z.string())),
});
export type SdkInstanceList = z.infer<typeof sdkInstanceListSchema>;

export const unknownFlagSchema = z.object({
  environment: z.string(),
  /** As the SDK asked for it: not necessarily a valid key (a typo). */
  flagKey: z.string(),
  evaluations: z.number().int(),
  firstSeenAt: timestampSchema,
  lastSeenAt: timestampSchema,
});
export type UnknownFlag = z.infer<typeof unknownFlagSchema>;
export const unknownFlagListSchema = z.object({ flags: z.array(unknownFlagSchema) });
export type UnknownFlagList = z.infer<typeof unknownFlagListSchema>;
