import { z } from 'zod';
import { auditActorSchema } from './audit';
import { descriptionSchema, idSchema, keySchema, timestampSchema } from './common';
import { stopExperimentBodySchema, updateExperimentBodySchema } from './experiments';
import { flagEnvironmentBodySchema } from './flags';
import { createHoldoutBodySchema, updateHoldoutBodySchema } from './holdouts';
import { updateSegmentBodySchema } from './segments';

/**
 * draft → in_review → approved → applied, or rejected / cancelled on the way; failed when applying found that what it
 * changes changed underneath (a conflict) or no longer exists. A request needing no approval is approved when made.
 */
export const CHANGE_REQUEST_STATUSES = [
  'draft',
  'in_review',
  'approved',
  'applied',
  'rejected',
  'cancelled',
  'failed',
] as const;
export const changeRequestStatusSchema = z.enum(CHANGE_REQUEST_STATUSES);
export type ChangeRequestStatus = z.infer<typeof changeRequestStatusSchema>;
/** Still open: it can be edited, reviewed or cancelled and has not run. */
export const OPEN_CHANGE_REQUEST_STATUSES: readonly ChangeRequestStatus[] = ['draft', 'in_review', 'approved'];

const rolloutPercentageSchema = z.number().min(0).max(100);

/** One change a request makes when it is applied: what the corresponding route would do at once. */
export const changeOperationSchema = z.discriminatedUnion('kind', [
  /** A flag's switch, rules or prerequisites in one environment (`PUT …/flags/:key/environments/:env`). */
  z.strictObject({
    kind: z.literal('flag.environment'),
    flag: keySchema,
    environment: keySchema,
    change: flagEnvironmentBodySchema,
  }),
  /**
   * One step of a gradual rollout: the flag is switched on there and the rule `ruleId` (made for everyone at the end
   * of the rules when it is missing) serves `variant` to `percentage` % of units, the other variants sharing the rest.
   */
  z.strictObject({
    kind: z.literal('flag.rollout'),
    flag: keySchema,
    environment: keySchema,
    ruleId: z.string().min(1).max(64),
    variant: z.string().min(1).max(100),
    percentage: rolloutPercentageSchema,
  }),
  z.strictObject({ kind: z.literal('experiment.start'), experiment: keySchema }),
  z.strictObject({ kind: z.literal('experiment.stop'), experiment: keySchema, stop: stopExperimentBodySchema }),
  /** An edit of a running experiment, e.g. one that re-randomises it (`reRandomise: true`). */
  z.strictObject({ kind: z.literal('experiment.update'), experiment: keySchema, update: updateExperimentBodySchema }),
  z.strictObject({ kind: z.literal('segment.update'), segment: keySchema, update: updateSegmentBodySchema }),
  /** A holdout reaches every environment's payload: starting, changing and stopping one wait for approval too. */
  z.strictObject({ kind: z.literal('holdout.create'), create: createHoldoutBodySchema }),
  z.strictObject({ kind: z.literal('holdout.update'), holdout: keySchema, update: updateHoldoutBodySchema }),
  z.strictObject({ kind: z.literal('holdout.stop'), holdout: keySchema }),
]);
export type ChangeOperation = z.infer<typeof changeOperationSchema>;
export type ChangeOperationKind = ChangeOperation['kind'];

const titleSchema = z.string().trim().max(200);

export const createChangeRequestBodySchema = z.strictObject({
  title: titleSchema.default(''),
  description: descriptionSchema.default(''),
  operations: z.array(changeOperationSchema).min(1, 'Please input at least one change').max(50),
  /** When it runs once approved; left out or null, it runs as soon as it is approved. */
  scheduledAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** False keeps it a draft its author submits later. */
  submit: z.boolean().default(true),
});
export type CreateChangeRequestBody = z.infer<typeof createChangeRequestBodySchema>;

/** Only the author edits, while it is open; an edit after review sends it back for review. */
export const updateChangeRequestBodySchema = z
  .strictObject({
    title: titleSchema,
    description: descriptionSchema,
    operations: z.array(changeOperationSchema).min(1, 'Please input at least one change').max(50),
    scheduledAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Please input title, description, operations or scheduledAt');
export type UpdateChangeRequestBody = z.infer<typeof updateChangeRequestBodySchema>;

export const MAX_ROLLOUT_STEPS = 10;

/** A gradual rollout: one scheduled change request per step, each reviewed like any other. */
export const createRolloutPlanBodySchema = z.strictObject({
  flag: keySchema,
  environment: keySchema,
  variant: z.string().min(1).max(100),
  /** The rule whose split the steps change; left out, a rule for everyone is added at the end by the first step. */
  ruleId: z.string().min(1).max(64).optional(),
  steps: z
    .array(z.strictObject({ percentage: rolloutPercentageSchema, at: z.iso.datetime({ offset: true }) }))
    .min(1, 'Please input at least one step')
    .max(MAX_ROLLOUT_STEPS),
  title: titleSchema.default(''),
});
export type CreateRolloutPlanBody = z.infer<typeof createRolloutPlanBodySchema>;

export const changeRequestCommentBodySchema = z.strictObject({ body: z.string().trim().min(1).max(5000) });
export type ChangeRequestCommentBody = z.infer<typeof changeRequestCommentBodySchema>;
export const reviewChangeRequestBodySchema = z.strictObject({ comment: z.string().trim().max(5000).default('') });
export type ReviewChangeRequestBody = z.infer<typeof reviewChangeRequestBodySchema>;

export const changeRequestListQuerySchema = z.strictObject({
  /** `open` is draft, in review and approved. */
  status: z.enum([...CHANGE_REQUEST_STATUSES, 'open', 'all']).default('open'),
  flag: keySchema.optional(),
  experiment: keySchema.optional(),
  segment: keySchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ChangeRequestListQuery = z.infer<typeof changeRequestListQuerySchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

/**
 * One change with its target as it was when asked for (`before`, also what applying checks is still there) and as
 * it will be (`after`).
 */
export const changeRequestChangeSchema = z.object({
  operation: changeOperationSchema,
  /** The target: a flag, experiment, segment or holdout key. */
  target: z.object({ kind: z.enum(['flag', 'experiment', 'segment', 'holdout']), key: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type ChangeRequestChange = z.infer<typeof changeRequestChangeSchema>;

export const changeRequestSchema = z.object({
  id: idSchema,
  /** Counts up per project: #12. */
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: changeRequestStatusSchema,
  author: auditActorSchema,
  changes: z.array(changeRequestChangeSchema),
  /** The protected environments that require approval which it reaches. */
  environments: z.array(z.object({ key: z.string(), name: z.string() })),
  requiredApprovals: z.number().int(),
  approvals: z.array(z.object({ user: personSchema, at: timestampSchema })),
  comments: z.array(
    z.object({
      id: z.string(),
      author: personSchema,
      body: z.string(),
      /** A review's verdict given with the comment, if any. */
      verdict: z.enum(['approved', 'rejected']).nullable(),
      at: timestampSchema,
    }),
  ),
  scheduledAt: timestampSchema.nullable(),
  /** Steps of one rollout plan share its id. */
  plan: z.object({ id: z.string(), step: z.number().int(), steps: z.number().int() }).nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  submittedAt: timestampSchema.nullable(),
  appliedAt: timestampSchema.nullable(),
  /** Seconds after its scheduled time it ran, when a server that was down made it late. */
  lateBySeconds: z.number().int().nullable(),
  /** Why applying failed (a conflict: what changed underneath). */
  failure: z.string().nullable(),
  /** What the caller may do with it now. */
  can: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    approve: z.boolean(),
    reject: z.boolean(),
    cancel: z.boolean(),
  }),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

export const changeRequestListSchema = z.object({
  changeRequests: z.array(changeRequestSchema),
  total: z.number().int(),
  /** Requests in review in the project that the caller may approve: the console's badge. */
  awaitingYourReview: z.number().int(),
});
export type ChangeRequestList = z.infer<typeof changeRequestListSchema>;

/** What a route answers with `202` when its change needs approval: the draft it was added to. */
export const divertedChangeSchema = z.object({ changeRequest: changeRequestSchema });
export type DivertedChange = z.infer<typeof divertedChangeSchema>;
