import { z } from 'zod';
import { pageUrlPatternSchema } from './page-url';
import { PAGE_MATCHES } from './page-url-match';

/** How far back a plan looks by default: two weeks hold both of a site's weekly cycles. */
export const BASELINE_DEFAULT_DAYS = 14;

/**
 * Whose history a plan reads: the visitors of a page (a visual experiment's), or with no page every visitor who
 * viewed any page (an A/B experiment runs wherever the SDK evaluates it).
 */
export const metricBaselineQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(BASELINE_DEFAULT_DAYS),
  url: pageUrlPatternSchema.optional(),
  match: z.enum(PAGE_MATCHES).default('fuzzy'),
});
export type MetricBaselineQuery = z.infer<typeof metricBaselineQuerySchema>;

/**
 * A metric's history over the audience, as a power calculation takes it: the units a day, and the metric's rate (a
 * conversion) or its mean and standard deviation per unit. Null figures: too few units to tell (fewer than two).
 */
export const metricBaselineSchema = z.object({
  days: z.number().int(),
  units: z.number().int(),
  unitsPerDay: z.number(),
  kind: z.enum(['rate', 'mean']),
  rate: z.number().nullable(),
  mean: z.number().nullable(),
  standardDeviation: z.number().nullable(),
});
export type MetricBaseline = z.infer<typeof metricBaselineSchema>;
