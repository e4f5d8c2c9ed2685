import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { DEPLOY_ENVS, editionSchema, PLATFORMS } from './platform';

/** Spec §7/§9: a failed call is reported with the first 500 characters of its body. */
export const RUM_BODY_EXCERPT_CHARS = 500;
export const RUM_MESSAGE_MAX_CHARS = 1000;
export const RUM_STACK_MAX_CHARS = 2000;
export const RUM_PAGE_MAX_CHARS = 300;
/** One request carries at most this many reports; a busier second sends the rest in the next one. */
export const RUM_MAX_REPORTS_PER_BATCH = 30;

/** Spec §9 thresholds (ms; CLS unitless): up to the first is good, above the second is poor. */
export const VITAL_NAMES = ['FCP', 'LCP', 'FID', 'INP', 'CLS'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
export const VITAL_THRESHOLDS: Record<VitalName, readonly [good: number, poor: number]> = {
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  FID: [100, 300],
  // The spec predates INP, FID's successor; these are the thresholds web-vitals publishes for it.
  INP: [200, 500],
  CLS: [0.1, 0.25],
};
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** Spec §7: what every report is tagged with. */
export const rumContextSchema = z.strictObject({
  releaseId: z.string().trim().min(1).max(100),
  edition: editionSchema,
  platform: z.enum(PLATFORMS),
  environment: z.enum(DEPLOY_ENVS),
  userId: idSchema.nullable(),
});
export type RumContext = z.infer<typeof rumContextSchema>;

/** The console route the report comes from, as a pattern (`/projects/:projectId/flags`), so pages group. */
const pageSchema = z.string().min(1).max(RUM_PAGE_MAX_CHARS);

/** `config`: the console's own environment configuration is abnormal (spec §8). */
export const RUM_ERROR_KINDS = ['error', 'rejection', 'config'] as const;
export const errorReportSchema = z.strictObject({
  kind: z.enum(RUM_ERROR_KINDS),
  message: z.string().min(1).max(RUM_MESSAGE_MAX_CHARS),
  stack: z.string().max(RUM_STACK_MAX_CHARS).nullable(),
  page: pageSchema,
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

/** A failed call to one of the product's API hosts (spec §7), the hosts the reporter watches. */
export const apiCallReportSchema = z.strictObject({
  method: z.string().regex(/^[A-Z]{3,7}$/, 'Please input valid method'),
  /** Path without query; ids replaced by `:id` so the same call groups. */
  url: z.string().min(1).max(RUM_PAGE_MAX_CHARS),
  /** 0 when no response arrived. */
  status: z.number().int().min(0).max(599),
  body: z.string().max(RUM_BODY_EXCERPT_CHARS),
  page: pageSchema,
});
export type ApiCallReport = z.infer<typeof apiCallReportSchema>;

export const vitalReportSchema = z
  .strictObject({
    name: z.enum(VITAL_NAMES),
    value: z.number().min(0).max(3_600_000),
    rating: z.enum(VITAL_RATINGS),
    page: pageSchema,
  })
  .refine((report) => report.rating === rateVital(report.name, report.value), {
    message: 'Please input valid rating: it follows from the value',
    path: ['rating'],
  });
export type VitalReport = z.infer<typeof vitalReportSchema>;

const batchOf = <T extends z.ZodType>(report: T) =>
  z.strictObject({ context: rumContextSchema, reports: z.array(report).min(1).max(RUM_MAX_REPORTS_PER_BATCH) });

/** `POST /api/rum/collect`: uncaught errors, unhandled rejections and configuration problems. */
export const errorBatchSchema = batchOf(errorReportSchema);
/** `POST /api/rum/whitelist`: failed calls to the watched API hosts. */
export const apiCallBatchSchema = batchOf(apiCallReportSchema);
/** `POST /api/rum/speed`: web vitals. */
export const vitalBatchSchema = batchOf(vitalReportSchema);
export type ErrorBatch = z.infer<typeof errorBatchSchema>;
export type ApiCallBatch = z.infer<typeof apiCallBatchSchema>;
export type VitalBatch = z.infer<typeof vitalBatchSchema>;

export const DIAGNOSTICS_WINDOWS_DAYS = [1, 7, 30] as const;
export type DiagnosticsWindow = (typeof DIAGNOSTICS_WINDOWS_DAYS)[number];
export const diagnosticsQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .refine((days): days is DiagnosticsWindow => DIAGNOSTICS_WINDOWS_DAYS.includes(days as DiagnosticsWindow), {
      message: `Please choose days: ${DIAGNOSTICS_WINDOWS_DAYS.join(', ')}`,
    })
    .default(7),
});
export type DiagnosticsQuery = z.infer<typeof diagnosticsQuerySchema>;

export const ERROR_GROUP_KINDS = [...RUM_ERROR_KINDS, 'api'] as const;
export type ErrorGroupKind = (typeof ERROR_GROUP_KINDS)[number];

/** Reports of one kind with one message, and what the latest of them said. */
export const errorGroupSchema = z.object({
  kind: z.enum(ERROR_GROUP_KINDS),
  message: z.string(),
  count: z.number().int(),
  users: z.number().int().describe('Distinct signed-in users who met it'),
  firstSeenAt: timestampSchema,
  lastSeenAt: timestampSchema,
  latest: z.object({
    page: z.string(),
    releaseId: z.string(),
    stack: z.string().nullable(),
    body: z.string().nullable(),
  }),
});
export type ErrorGroup = z.infer<typeof errorGroupSchema>;
export const errorGroupListSchema = z.object({ groups: z.array(errorGroupSchema) });

export const vitalSummarySchema = z.object({
  page: z.string(),
  name: z.enum(VITAL_NAMES),
  count: z.number().int(),
  p75: z.number(),
  p90: z.number(),
});
export type VitalSummary = z.infer<typeof vitalSummarySchema>;
export const vitalSummaryListSchema = z.object({ summaries: z.array(vitalSummarySchema) });
