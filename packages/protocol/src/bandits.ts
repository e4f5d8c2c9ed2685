import { z } from 'zod';
import { timestampSchema } from './common';

/**
 * One bandit period: from `startedAt` until the next period, new units are split by these weights (basis points by
 * version key). Units assigned earlier keep their version: a period changes the weights, not the assignment salt.
 * `probabilities` are each version's posterior probability of being best that set them; null for burn-in weights.
 */
export const banditPeriodSchema = z.object({
  index: z.number().int(),
  startedAt: timestampSchema,
  weights: z.record(z.string(), z.number().int()),
  probabilities: z.record(z.string(), z.number()).nullable(),
});
export type BanditPeriod = z.infer<typeof banditPeriodSchema>;

/** The bandit periods of the experiment's current phase, oldest first. */
export const banditPeriodListSchema = z.object({ phase: z.number().int(), periods: z.array(banditPeriodSchema) });
export type BanditPeriodList = z.infer<typeof banditPeriodListSchema>;
