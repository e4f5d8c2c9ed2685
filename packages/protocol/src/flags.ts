import { z } from 'zod';
import { descriptionSchema, idSchema, keySchema, nameSchema, timestampSchema } from './common';
import { conditionInputSchema, conditionSchema } from './conditions';
import { flagStaleSchema } from './flag-usage';
import { flagMetadataSchema, flagTypeSchema, prerequisiteSchema, serveSchema, variantSchema } from './sdk-payload';

export const FLAG_STATUSES = ['active', 'archived', 'all'] as const;
export const FLAG_SORTS = ['key', 'name', 'createdAt', 'updatedAt'] as const;
export const FLAG_PAGE_LIMIT = 100;

const tagSchema = z.string().trim().min(1).max(50);

/** A rule as the API accepts it: known operators only; the server gives it an id when it has none. */
export const flagRuleInputSchema = z.strictObject({
  id: z.string().min(1).max(64).optional(),
  conditions: z.array(conditionInputSchema).max(100).default([]),
  segments: z.array(keySchema).max(50).default([]),
  serve: serveSchema,
});
export type FlagRuleInput = z.input<typeof flagRuleInputSchema>;

export const flagRuleBodySchema = z.object({
  id: z.string(),
  conditions: z.array(conditionSchema),
  segments: z.array(z.string()),
  serve: serveSchema,
});

export const flagEnvironmentStateSchema = z.object({
  enabled: z.boolean(),
  rules: z.array(flagRuleBodySchema),
  /** Flags that must serve one of the given variants here before this one's rules apply. */
  prerequisites: z.array(prerequisiteSchema),
  updatedAt: timestampSchema.nullable(),
  /** When an SDK of this environment last reported evaluating the flag. */
  lastEvaluatedAt: timestampSchema.nullable(),
});
export type FlagEnvironmentState = z.infer<typeof flagEnvironmentStateSchema>;

export const flagSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  type: flagTypeSchema,
  variants: z.array(variantSchema),
  /** Null: none, the code's own default value is served (reason DEFAULT or STATIC). */
  defaultVariant: z.string().nullable(),
  /** Null: none, the code's own default value is served while the flag is off (reason DISABLED). */
  offVariant: z.string().nullable(),
  tags: z.array(z.string()),
  metadata: flagMetadataSchema,
  archivedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** Every environment of the project, by environment key. */
  environments: z.record(z.string(), flagEnvironmentStateSchema),
  /** In lists: why the flag is potentially stale, or null when it is not. */
  stale: flagStaleSchema.nullable().optional(),
});
export type Flag = z.infer<typeof flagSchema>;

export const flagListSchema = z.object({
  flags: z.array(flagSchema),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
});
export type FlagList = z.infer<typeof flagListSchema>;

const flagVariantsSchema = z.array(variantSchema).min(1).max(100);

export const createFlagBodySchema = z.strictObject({
  key: keySchema,
  name: nameSchema,
  description: descriptionSchema.default(''),
  type: flagTypeSchema,
  /** Boolean flags may leave them out: on (true) and off (false). */
  variants: flagVariantsSchema.optional(),
  defaultVariant: z.string().min(1).nullable().optional(),
  offVariant: z.string().min(1).nullable().optional(),
  tags: z.array(tagSchema).max(20).default([]),
  metadata: flagMetadataSchema.default({}),
});
export type CreateFlagBody = z.infer<typeof createFlagBodySchema>;

export const updateFlagBodySchema = z
  .strictObject({
    name: nameSchema,
    description: descriptionSchema,
    variants: flagVariantsSchema,
    defaultVariant: z.string().min(1).nullable(),
    offVariant: z.string().min(1).nullable(),
    tags: z.array(tagSchema).max(20),
    metadata: flagMetadataSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Please input at least one field to change');
export type UpdateFlagBody = z.infer<typeof updateFlagBodySchema>;

export const flagListQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional(),
  tag: tagSchema.optional(),
  type: flagTypeSchema.optional(),
  status: z.enum(FLAG_STATUSES).default('active'),
  environment: keySchema.optional(),
  /** Only with `environment`: flags on (true) or off (false) there. */
  enabled: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Only flags that are potentially stale (true) or not (false). */
  stale: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(FLAG_SORTS).default('key'),
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(FLAG_PAGE_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type FlagListQuery = z.infer<typeof flagListQuerySchema>;

export const MAX_PREREQUISITES = 20;

export const prerequisiteInputSchema = z.strictObject({
  flag: keySchema,
  variants: z.array(z.string().min(1).max(100)).min(1, 'Please choose at least one variant').max(100),
});
export type PrerequisiteInput = z.infer<typeof prerequisiteInputSchema>;

export const flagEnvironmentBodySchema = z
  .strictObject({
    enabled: z.boolean(),
    rules: z.array(flagRuleInputSchema).max(200),
    prerequisites: z.array(prerequisiteInputSchema).max(MAX_PREREQUISITES),
  })
  .partial()
  .refine(
    (body) => body.enabled !== undefined || body.rules !== undefined || body.prerequisites !== undefined,
    'Please input enabled, rules or prerequisites',
  );
export type FlagEnvironmentBody = z.infer<typeof flagEnvironmentBodySchema>;

export const copyFlagEnvironmentBodySchema = z.strictObject({ from: keySchema, to: keySchema });
export type CopyFlagEnvironmentBody = z.infer<typeof copyFlagEnvironmentBodySchema>;

/** A new flag with another's definition and rules; it starts off in every environment. */
export const cloneFlagBodySchema = z.strictObject({ key: keySchema, name: nameSchema });
export type CloneFlagBody = z.infer<typeof cloneFlagBodySchema>;

export const BULK_FLAG_LIMIT = 100;

const bulkFlagKeysSchema = z
  .array(keySchema)
  .min(1, 'Please choose at least one flag')
  .max(BULK_FLAG_LIMIT)
  .refine((keys) => new Set(keys).size === keys.length, 'Please name each flag once');

/** One change to many flags: each is checked and applied (or sent for approval) on its own. */
export const bulkFlagBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.enum(['archive', 'restore']), flags: bulkFlagKeysSchema }),
  z.strictObject({
    action: z.literal('switch'),
    flags: bulkFlagKeysSchema,
    environment: keySchema,
    enabled: z.boolean(),
  }),
]);
export type BulkFlagBody = z.infer<typeof bulkFlagBodySchema>;

export const BULK_FLAG_OUTCOMES = ['applied', 'requested', 'unchanged', 'refused'] as const;
export type BulkFlagOutcome = (typeof BULK_FLAG_OUTCOMES)[number];

/**
 * What became of each flag, in the order asked: applied; requested (added to the caller's draft change request, since
 * the environment requires approvals); unchanged (it already was so); or refused, with the error it would have met
 * alone.
 */
export const bulkFlagResultSchema = z.object({
  results: z.array(
    z.object({
      flag: z.string(),
      outcome: z.enum(BULK_FLAG_OUTCOMES),
      changeRequest: z.object({ id: idSchema, number: z.number().int() }).nullable(),
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    }),
  ),
});
export type BulkFlagResult = z.infer<typeof bulkFlagResultSchema>;
