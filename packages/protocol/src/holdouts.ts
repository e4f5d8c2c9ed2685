import { z } from 'zod';
import { descriptionSchema, idSchema, keySchema, nameSchema, timestampSchema } from './common';
import { MAX_EXPERIMENT_METRICS } from './experiments';

export { HOLDOUT_KIND } from './experiments';

/**
 * A project's holdout: a fixed share of units that sees none of the project's experiments (when they opt in) and
 * none of the rules of the flags that opt in, for months. It is kept as an experiment of kind `holdout` with two
 * versions, `holdout` (the control, weighted `percent`) and `general`, so its report is that experiment's results.
 */
export const HOLDOUT_STATUSES = ['running', 'stopped'] as const;
/** Basis points of 10000: at least 0.01 %, at most half of the units. */
export const HOLDOUT_PERCENT = { min: 1, max: 5_000 } as const;
export const MAX_HOLDOUT_FLAGS = 200;

const percentSchema = z
  .number()
  .int('Please input a whole number of basis points')
  .min(HOLDOUT_PERCENT.min, 'A holdout keeps at least 0.01 % of units (1 basis point)')
  .max(HOLDOUT_PERCENT.max, 'A holdout keeps at most 50 % of units (5000 basis points)');
const metricsSchema = z.array(keySchema).max(MAX_EXPERIMENT_METRICS.primary);
const flagsSchema = z.array(keySchema).max(MAX_HOLDOUT_FLAGS);

export const holdoutSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** Basis points of 10000 held out. */
  percent: z.number().int(),
  /** Random, set at creation and never changed: membership depends on no layer or experiment key. */
  salt: z.string(),
  /** Metric keys the report compares. */
  metrics: z.array(z.string()),
  /** Whether every experiment of the project keeps the held-out units out. */
  experiments: z.boolean(),
  /** Keys of the flags whose rules skip the held-out units. */
  flags: z.array(z.string()),
  status: z.enum(HOLDOUT_STATUSES),
  startedAt: timestampSchema.nullable(),
  stoppedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Holdout = z.infer<typeof holdoutSchema>;

export const holdoutListSchema = z.object({ holdouts: z.array(holdoutSchema) });
export type HoldoutList = z.infer<typeof holdoutListSchema>;

/** Creating a holdout starts it: a project has at most one running. */
export const createHoldoutBodySchema = z.strictObject({
  key: keySchema,
  name: nameSchema,
  description: descriptionSchema.default(''),
  percent: percentSchema,
  metrics: metricsSchema.default([]),
  experiments: z.boolean().default(true),
  flags: flagsSchema.default([]),
});
export type CreateHoldoutBody = z.infer<typeof createHoldoutBodySchema>;

/** The percentage is fixed once the holdout runs: changing it would move units in and out of it. */
export const updateHoldoutBodySchema = z
  .strictObject({
    name: nameSchema,
    description: descriptionSchema,
    metrics: metricsSchema,
    experiments: z.boolean(),
    flags: flagsSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Please change at least one field');
export type UpdateHoldoutBody = z.infer<typeof updateHoldoutBodySchema>;
