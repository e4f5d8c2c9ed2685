import { z } from 'zod';
import { descriptionSchema, idSchema, keySchema, nameSchema, timestampSchema } from './common';
import type { FieldIssue } from './errors';
import { EXPERIMENT_STATUSES } from './experiments';
import { pageUrlPatternSchema } from './page-url';
import { PAGE_MATCHES } from './page-url-match';

/**
 * Track events the SDK sends by itself, under names no `track()` call may use (they start with `$`):
 * - `$pageview` when a page loads or a single-page app changes address, with property `url` (location.href);
 * - `$click` when a visitor clicks an element matching a click metric's selector, with property `selector` (that
 *   selector, exactly as the metric states it) and `url`.
 * Page-view and click metrics count these events.
 */
export const PAGEVIEW_EVENT = '$pageview';
export const CLICK_EVENT = '$click';
export const RESERVED_EVENT_PREFIX = '$';
export const PAGEVIEW_URL_PROPERTY = 'url';
export const CLICK_SELECTOR_PROPERTY = 'selector';

export const METRIC_TYPES = ['conversion', 'count', 'sum', 'ratio'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];
export const METRIC_SOURCE_KINDS = ['event', 'pageview', 'click'] as const;
export type MetricSourceKind = (typeof METRIC_SOURCE_KINDS)[number];
/** What a unit contributes from a source to a ratio: how many events, or the sum of their values. */
export const METRIC_AGGREGATES = ['count', 'sum'] as const;
export const METRIC_DIRECTIONS = ['higher', 'lower'] as const;
export const METRIC_CAPPINGS = ['none', 'absolute', 'percentile'] as const;
/** How an experiment uses a metric: the keys of an experiment's `metrics`. */
export const METRIC_ROLES = ['primary', 'secondary', 'guardrails'] as const;
export const PROPERTY_FILTER_OPERATORS = ['eq', 'neq', 'contains', 'not_contains', 'gt', 'gte', 'lt', 'lte'] as const;
export type PropertyFilterOperator = (typeof PROPERTY_FILTER_OPERATORS)[number];
const NUMERIC_OPERATORS: readonly PropertyFilterOperator[] = ['gt', 'gte', 'lt', 'lte'];
const TEXT_OPERATORS: readonly PropertyFilterOperator[] = ['contains', 'not_contains'];

export const METRIC_STATUSES = ['active', 'archived', 'all'] as const;
export const METRIC_SORTS = ['key', 'name', 'type', 'createdAt', 'updatedAt'] as const;
export const METRIC_PAGE_LIMIT = 100;

/** Events count for a unit this long after its first exposure; null counts them until the experiment ends. */
export const DEFAULT_WINDOW_HOURS = 72;
export const MAX_WINDOW_HOURS = 24 * 365;
export const DEFAULT_CUPED_LOOKBACK_DAYS = 14;
export const MAX_CUPED_LOOKBACK_DAYS = 90;

const tagSchema = z.string().trim().min(1).max(50);

/**
 * One property of the event must compare with a value: eq and neq compare values of the same JSON type, contains and
 * not_contains look for text in a string property, gt, gte, lt and lte compare numbers. An event without the
 * property never passes.
 */
export const propertyFilterSchema = z
  .strictObject({
    property: z.string().trim().min(1, 'Please input property').max(200),
    operator: z.enum(PROPERTY_FILTER_OPERATORS, 'Please choose operator'),
    value: z.union([z.string().max(1000), z.number().finite(), z.boolean()], 'Please input value'),
  })
  .superRefine((filter, context) => {
    if (NUMERIC_OPERATORS.includes(filter.operator) && typeof filter.value !== 'number') {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Please input valid number: this operator compares numbers',
      });
    }
    if (TEXT_OPERATORS.includes(filter.operator) && (typeof filter.value !== 'string' || filter.value === '')) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Please input valid text: this operator looks for text',
      });
    }
  })
  .meta({ examples: [{ property: 'plan', operator: 'eq', value: 'pro' }] });
export type PropertyFilter = z.infer<typeof propertyFilterSchema>;

const eventSourceSchema = z.strictObject({
  kind: z.literal('event'),
  event: z
    .string()
    .trim()
    .min(1, 'Please input event')
    .max(200)
    .refine(
      (name) => !name.startsWith(RESERVED_EVENT_PREFIX),
      'Please input valid event: names starting with $ are the SDK’s own; choose a page view or click source instead',
    )
    .describe('The name a track() call sends'),
  filter: propertyFilterSchema.nullable().default(null).describe('Only events whose property passes; null for all'),
});

const pageviewSourceSchema = z.strictObject({
  kind: z.literal('pageview'),
  url: pageUrlPatternSchema.describe(`Pages whose ${PAGEVIEW_EVENT} address matches; * stands for any characters`),
  match: z.enum(PAGE_MATCHES).default('fuzzy').describe('exact: the whole address; fuzzy: host and path only'),
});

/** The elements whose clicks a click metric counts; the visual editor's click goals take the same rules. */
export const clickSelectorSchema = z
  .string()
  .trim()
  .min(1, 'Please input selector')
  .max(1000)
  .describe('CSS selector of the clicked element');

const clickSourceSchema = z.strictObject({
  kind: z.literal('click'),
  selector: clickSelectorSchema,
});

/** What a metric counts: tracked events (optionally filtered), page views (by address) or clicks (by selector). */
export const metricSourceSchema = z.discriminatedUnion(
  'kind',
  [eventSourceSchema, pageviewSourceSchema, clickSourceSchema],
  {
    error: 'Please choose source',
  },
);
export type MetricSource = z.infer<typeof metricSourceSchema>;

/** Only tracked events carry a value (track's second argument); page views and clicks can only be counted. */
export const sourceCarriesValue = (source: Pick<MetricSource, 'kind'>): boolean => source.kind === 'event';

export const metricRatioSchema = z.strictObject({
  numerator: z.enum(METRIC_AGGREGATES).describe("Each unit's count or value sum of the metric's own source"),
  denominator: z.strictObject({
    source: metricSourceSchema,
    aggregate: z.enum(METRIC_AGGREGATES).describe("Each unit's count or value sum of this source"),
  }),
});
export type MetricRatio = z.infer<typeof metricRatioSchema>;

const PERCENTILE_MESSAGE = 'Please input valid percentile: between 0 and 1, e.g. 0.99';
/**
 * Caps each unit's value (for a ratio, its numerator) before the analysis, so a few extreme units cannot swamp it:
 * at a fixed value, or at a percentile of the units' values (winsorisation).
 */
export const metricCappingSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({
      kind: z.literal('absolute'),
      value: z.number().finite().positive('Please input valid cap: a number above 0'),
    }),
    z.strictObject({
      kind: z.literal('percentile'),
      value: z.number().gt(0, PERCENTILE_MESSAGE).lt(1, PERCENTILE_MESSAGE),
    }),
  ],
  { error: 'Please choose capping' },
);
export type MetricCapping = z.infer<typeof metricCappingSchema>;

/** CUPED reduces variance with each unit's value of the same metric over the days before its first exposure. */
export const metricCupedSchema = z.strictObject({
  enabled: z.boolean(),
  lookbackDays: z
    .number()
    .int('Please input valid lookback: whole days')
    .min(1, 'Please input valid lookback: at least 1 day')
    .max(MAX_CUPED_LOOKBACK_DAYS, `Please input valid lookback: at most ${MAX_CUPED_LOOKBACK_DAYS} days`),
});
export type MetricCuped = z.infer<typeof metricCupedSchema>;

const windowHoursSchema = z
  .number()
  .int('Please input valid window: whole hours')
  .min(1, 'Please input valid window: at least 1 hour')
  .max(MAX_WINDOW_HOURS, `Please input valid window: at most ${MAX_WINDOW_HOURS} hours`)
  .nullable()
  .describe('Hours after the first exposure in which events count; null: until the experiment ends');

/** What the rules across fields look at. */
export type MetricDefinition = {
  type: MetricType;
  source: Pick<MetricSource, 'kind'>;
  ratio: {
    numerator: MetricRatio['numerator'];
    denominator: { source: Pick<MetricSource, 'kind'>; aggregate: MetricRatio['denominator']['aggregate'] };
  } | null;
  capping: Pick<MetricCapping, 'kind'>;
};

/** The rules that span fields, for a whole definition: a new one, or an edited one merged with what it changes. */
export function metricIssues(metric: MetricDefinition): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (metric.type === 'ratio' && metric.ratio === null) {
    issues.push({ path: 'ratio', message: 'Please input denominator: a ratio metric divides by a second source' });
  }
  if (metric.type !== 'ratio' && metric.ratio !== null) {
    issues.push({ path: 'ratio', message: 'Only ratio metrics have a denominator: leave it out' });
  }
  if (!sourceCarriesValue(metric.source)) {
    if (metric.type === 'sum') {
      issues.push({ path: 'source', message: 'Only tracked events carry a value to sum: choose an event source' });
    }
    if (metric.type === 'ratio' && metric.ratio?.numerator === 'sum') {
      issues.push({
        path: 'ratio.numerator',
        message: 'Only tracked events carry a value to sum: choose an event source, or count',
      });
    }
  }
  if (metric.ratio?.denominator.aggregate === 'sum' && !sourceCarriesValue(metric.ratio.denominator.source)) {
    issues.push({
      path: 'ratio.denominator.source',
      message: 'Only tracked events carry a value to sum: choose an event source, or count',
    });
  }
  if (metric.type === 'conversion' && metric.capping.kind !== 'none') {
    issues.push({ path: 'capping', message: 'A conversion is 0 or 1 per unit: capping does not apply' });
  }
  return issues;
}

const addIssues = (metric: MetricDefinition, context: z.RefinementCtx) => {
  for (const { path, message } of metricIssues(metric))
    context.addIssue({ code: 'custom', path: path.split('.'), message });
};

const metricFields = {
  name: nameSchema,
  description: descriptionSchema,
  tags: z.array(tagSchema).max(20),
  type: z
    .enum(METRIC_TYPES, 'Please choose type')
    .describe(
      'conversion: whether the unit did it at least once; count: how many times; sum: the sum of its values (e.g. revenue); ratio: one per-unit sum or count divided by another',
    ),
  source: metricSourceSchema,
  ratio: metricRatioSchema.nullable().describe('Ratio metrics only: the numerator aggregate and the denominator'),
  windowHours: windowHoursSchema,
  direction: z.enum(METRIC_DIRECTIONS).describe('Whether a rise is good (higher) or bad (lower)'),
  capping: metricCappingSchema,
  cuped: metricCupedSchema,
};

export const createMetricBodySchema = z
  .strictObject({
    key: keySchema,
    name: metricFields.name,
    description: metricFields.description.default(''),
    tags: metricFields.tags.default([]),
    type: metricFields.type,
    source: metricFields.source,
    ratio: metricFields.ratio.default(null),
    windowHours: metricFields.windowHours.default(DEFAULT_WINDOW_HOURS),
    direction: metricFields.direction.default('higher'),
    capping: metricFields.capping.default({ kind: 'none' }),
    cuped: metricFields.cuped.default({ enabled: true, lookbackDays: DEFAULT_CUPED_LOOKBACK_DAYS }),
  })
  .superRefine(addIssues);
export type CreateMetricBody = z.infer<typeof createMetricBodySchema>;
export type CreateMetricInput = z.input<typeof createMetricBodySchema>;

/** The key stays: experiments refer to the metric by it. Rules across fields are checked on the merged result. */
export const updateMetricBodySchema = z
  .strictObject(metricFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Please input at least one field to change');
export type UpdateMetricBody = z.infer<typeof updateMetricBodySchema>;

/** An experiment that uses a metric, and as what. */
export const metricUsageSchema = z.object({
  key: z.string(),
  name: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  roles: z.array(z.enum(METRIC_ROLES)),
});
export type MetricUsage = z.infer<typeof metricUsageSchema>;

export const metricSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  type: z.enum(METRIC_TYPES),
  source: metricSourceSchema,
  ratio: metricRatioSchema.nullable(),
  windowHours: z.number().int().nullable(),
  direction: z.enum(METRIC_DIRECTIONS),
  capping: metricCappingSchema,
  cuped: metricCupedSchema,
  /** Experiments of any status, archived ones included, ordered by key. */
  experiments: z.array(metricUsageSchema),
  archivedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Metric = z.infer<typeof metricSchema>;

export const metricListSchema = z.object({
  metrics: z.array(metricSchema),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
});
export type MetricList = z.infer<typeof metricListSchema>;

export const metricListQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional().describe('Part of the key, name or description'),
  type: z.enum(METRIC_TYPES).optional(),
  tag: tagSchema.optional(),
  status: z.enum(METRIC_STATUSES).default('active'),
  sort: z.enum(METRIC_SORTS).default('key'),
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(METRIC_PAGE_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type MetricListQuery = z.infer<typeof metricListQuerySchema>;
