import { z } from 'zod';
import { descriptionSchema, idSchema, keySchema, nameSchema, timestampSchema } from './common';
import { conditionInputSchema, conditionSchema } from './conditions';
import { EXPERIMENT_STATUSES } from './experiments';

export const segmentSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  conditions: z.array(conditionSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Segment = z.infer<typeof segmentSchema>;
export const segmentListSchema = z.object({ segments: z.array(segmentSchema) });

export const createSegmentBodySchema = z.strictObject({
  key: keySchema,
  name: nameSchema,
  description: descriptionSchema.default(''),
  conditions: z.array(conditionInputSchema).max(100),
});
export type CreateSegmentBody = z.infer<typeof createSegmentBodySchema>;

export const updateSegmentBodySchema = z
  .strictObject({
    name: nameSchema,
    description: descriptionSchema,
    conditions: z.array(conditionInputSchema).max(100),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Please input name, description or conditions');
export type UpdateSegmentBody = z.infer<typeof updateSegmentBodySchema>;

/** Who uses a segment: why deleting it is refused. */
export const segmentUsageSchema = z.object({
  kind: z.enum(['flag', 'experiment']),
  key: z.string(),
  /** Flag rules only: where the rule is. */
  environment: z.string().optional(),
  rule: z.string().optional(),
  /** Experiments only: whether it is served now. */
  status: z.enum(EXPERIMENT_STATUSES).optional(),
});
export type SegmentUsage = z.infer<typeof segmentUsageSchema>;
