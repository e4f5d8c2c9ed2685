import { z } from 'zod';
import { alertFindingSchema } from './alerts';
import { descriptionSchema, idSchema, keySchema, nameSchema, timestampSchema, userSummarySchema } from './common';
import { conditionInputSchema, conditionSchema } from './conditions';
import { PAGE_MATCHES, pageUrlMatches } from './page-url-match';
import { BUCKETS, jsonValueSchema } from './sdk-payload';
import { isSecurePageUrl } from './secure-page-url';

export const EXPERIMENT_KINDS = ['ab', 'visual'] as const;
/** The kind of the experiment a project's holdout is kept as (holdouts.ts): made and changed by the holdout only. */
export const HOLDOUT_KIND = 'holdout';
export const EXPERIMENT_STATUSES = ['draft', 'running', 'paused', 'stopped', 'archived'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
/** Stopping records what was decided. */
export const EXPERIMENT_DECISIONS = ['ship', 'rollback', 'inconclusive'] as const;
export const EXPERIMENT_SORTS = ['key', 'name', 'status', 'createdAt', 'startedAt'] as const;
export const EXPERIMENT_PAGE_LIMIT = 100;
/** A version's params, serialised, may not exceed this: the SDK payload carries them to every page. */
export const MAX_PARAMS_BYTES = 64 * 1024;

/**
 * Which status may follow which. Start goes from draft (first launch) or paused (resume); stop ends a running or
 * paused experiment; archive puts a draft or stopped one away.
 */
export const EXPERIMENT_TRANSITIONS = {
  start: ['draft', 'paused'],
  pause: ['running'],
  stop: ['running', 'paused'],
  archive: ['draft', 'stopped'],
} as const satisfies Record<string, readonly ExperimentStatus[]>;
export type ExperimentAction = keyof typeof EXPERIMENT_TRANSITIONS;

/** Spec §5: the experiment page must use the secure protocol (https, or http on this machine: see isSecurePageUrl). */
export const HTTPS_URL_MESSAGE = 'Url should be https protocol';
export const OPEN_URL_PATTERN_MESSAGE = 'The page to open is one address: it may not contain *';
export const OPEN_URL_MATCH_MESSAGE = 'The page to open must match the page URL';
export const securePageUrlSchema = z
  .string()
  .trim()
  .min(1, 'Please input url')
  .max(2000)
  .refine(isSecurePageUrl, HTTPS_URL_MESSAGE);

/**
 * Where an experiment runs (`url`, a pattern that may hold `*`, compared as `match` says) and the one address the
 * visual editor and QA preview links open (`openUrl`): a pattern names no page to open.
 */
export const experimentPageSchema = z.object({
  url: z.string(),
  match: z.enum(PAGE_MATCHES),
  /** Null when the pattern has `*` and nobody named a page to open. */
  openUrl: z.string().nullable(),
});
export type ExperimentPage = z.infer<typeof experimentPageSchema>;

export const experimentPageInputSchema = z
  .strictObject({
    url: securePageUrlSchema,
    match: z.enum(PAGE_MATCHES),
    /** Left out or null: the page URL itself when it has no `*`. */
    openUrl: securePageUrlSchema.refine((value) => !value.includes('*'), OPEN_URL_PATTERN_MESSAGE).nullish(),
  })
  .refine((page) => !page.openUrl || pageUrlMatches(page.url, page.match, page.openUrl), {
    message: OPEN_URL_MATCH_MESSAGE,
    path: ['openUrl'],
  });
export type ExperimentPageInput = z.input<typeof experimentPageInputSchema>;

/** The address to open for a page as given: the one named, else the pattern when it is a single address. */
export const pageOpenUrl = (page: { url: string; openUrl?: string | null }): string | null =>
  page.openUrl || (page.url.includes('*') ? null : page.url);

/** UTF-8 bytes, as the payload weighs on the wire: a string's length counts UTF-16 units, up to 3 bytes each. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    // A surrogate pair is two units and four bytes; other units past 0x7ff take three bytes, past 0x7f two.
    if (unit >= 0xd800 && unit <= 0xdfff) bytes += 1;
    else if (unit > 0x7ff) bytes += 2;
    else if (unit > 0x7f) bytes += 1;
  }
  return bytes;
}

const paramsSchema = z
  .record(z.string().min(1).max(200), jsonValueSchema)
  .refine(
    (params) => utf8Length(JSON.stringify(params)) <= MAX_PARAMS_BYTES,
    `Params may not exceed ${MAX_PARAMS_BYTES} bytes`,
  );

export const experimentVersionInputSchema = z.strictObject({
  key: keySchema,
  name: nameSchema,
  /** Basis points: the versions of an experiment add up to 10000. */
  weight: z.number().int().min(0).max(BUCKETS),
  isControl: z.boolean().default(false),
  params: paramsSchema.default({}),
});
export type ExperimentVersionInput = z.input<typeof experimentVersionInputSchema>;

export const experimentVersionSchema = z.object({
  key: z.string(),
  name: z.string(),
  weight: z.number().int(),
  isControl: z.boolean(),
  params: z.record(z.string(), jsonValueSchema),
});
export type ExperimentVersion = z.infer<typeof experimentVersionSchema>;

/** How many metrics an experiment measures in each role, at most. */
export const MAX_EXPERIMENT_METRICS = { primary: 20, secondary: 50, guardrails: 50 } as const;

/** Metrics are picked from the project's metric library by key. */
export const experimentMetricsSchema = z.strictObject({
  primary: z.array(keySchema).max(MAX_EXPERIMENT_METRICS.primary).default([]),
  secondary: z.array(keySchema).max(MAX_EXPERIMENT_METRICS.secondary).default([]),
  guardrails: z.array(keySchema).max(MAX_EXPERIMENT_METRICS.guardrails).default([]),
});
export type ExperimentMetrics = z.infer<typeof experimentMetricsSchema>;

export const experimentDecisionSchema = z.object({
  outcome: z.enum(EXPERIMENT_DECISIONS),
  /** The version shipped (ship) — the control for rollback. */
  version: z.string().nullable(),
  note: z.string(),
  decidedAt: timestampSchema,
  /**
   * Set when a refresh stopped it under `autoStop`: the alert that did, and how many others it found with it, so each
   * reader sees the reason in their own language (the note says it in English, for the API and webhooks).
   */
  automatic: z.object({ alert: alertFindingSchema, moreAlerts: z.number().int().min(0) }).optional(),
});
export type ExperimentDecision = z.infer<typeof experimentDecisionSchema>;

/** How long an experiment is planned to run, in days. */
export const PLANNED_DAYS = { min: 1, max: 365 } as const;
export const plannedDaysSchema = z
  .number()
  .int('Please input whole days')
  .min(PLANNED_DAYS.min, `Please input at least ${PLANNED_DAYS.min} day`)
  .max(PLANNED_DAYS.max, `Please input at most ${PLANNED_DAYS.max} days`);

/** When a version may ship: one primary metric better than control is enough, or every primary metric must be. */
export const DECISION_SHIP_RULES = ['any_primary_wins', 'all_primaries_win'] as const;
/** Whether a guardrail some version makes significantly worse means rolling back, or is left to judgement. */
export const DECISION_GUARDRAIL_RULES = ['none_regress', 'ignore'] as const;

/**
 * The rule agreed before the experiment starts, so the results page can say what it recommends from the verdicts it
 * already shows, instead of the decision being argued after the numbers are in.
 */
export const decisionRuleSchema = z.strictObject({
  ship: z.enum(DECISION_SHIP_RULES),
  guardrails: z.enum(DECISION_GUARDRAIL_RULES),
});
export type DecisionRule = z.infer<typeof decisionRuleSchema>;

/**
 * A bandit moves traffic to the versions most likely best on the one primary metric (Thompson sampling), recomputing
 * the weights every `scheduleMinutes` after `burnInHours` of equal weights, never below `minWeight` basis points.
 * Weights change on whole hours only: the analysis tells periods apart by the hour of each unit's first exposure.
 */
export const banditSettingsSchema = z.strictObject({
  scheduleMinutes: z
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 60)
    .multipleOf(60, 'Please input whole hours (a multiple of 60 minutes)')
    .default(60),
  burnInHours: z
    .number()
    .int()
    .min(0)
    .max(30 * 24)
    .default(24),
  minWeight: z.number().int().min(0).max(5000).default(100),
});
export type BanditSettings = z.infer<typeof banditSettingsSchema>;

export const experimentSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  hypothesis: z.string(),
  kind: z.enum([...EXPERIMENT_KINDS, HOLDOUT_KIND]),
  status: z.enum(EXPERIMENT_STATUSES),
  unitAttribute: z.string(),
  traffic: z.number().int(),
  phase: z.number().int(),
  conditions: z.array(conditionSchema),
  segments: z.array(z.string()),
  /** The layer it belongs to, with the slot range it holds while running or paused. */
  layer: z.object({ key: z.string(), start: z.number().int().nullable(), end: z.number().int().nullable() }).nullable(),
  /** How many of the layer's 10000 slots it needs. */
  layerSlots: z.number().int(),
  page: experimentPageSchema.nullable(),
  versions: z.array(experimentVersionSchema),
  metrics: z.object({ primary: z.array(z.string()), secondary: z.array(z.string()), guardrails: z.array(z.string()) }),
  decision: experimentDecisionSchema.nullable(),
  /** A guardrail regression or sample ratio mismatch found by a refresh stops it and rolls back to control. */
  autoStop: z.boolean(),
  /** How many days it is planned to run; null when not planned. */
  plannedDays: z.number().int().nullable(),
  /** What the results must show to ship or roll back; null when none was agreed. */
  decisionRule: decisionRuleSchema.nullable(),
  bandit: banditSettingsSchema.nullable(),
  /** Alerts raised in its current phase (see the alerts endpoint). */
  openAlerts: z.number().int(),
  owner: userSummarySchema.nullable(),
  integrationConfigured: z.boolean(),
  /** Distinct units exposed so far (all phases); null while the event store cannot be reached. */
  exposures: z.number().int().nullable(),
  startedAt: timestampSchema.nullable(),
  stoppedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Experiment = z.infer<typeof experimentSchema>;

export const experimentListSchema = z.object({
  experiments: z.array(experimentSchema),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
});
export type ExperimentList = z.infer<typeof experimentListSchema>;

export const experimentListQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional(),
  status: z.enum([...EXPERIMENT_STATUSES, 'all']).default('all'),
  kind: z.enum(EXPERIMENT_KINDS).optional(),
  layer: keySchema.optional(),
  sort: z.enum(EXPERIMENT_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(EXPERIMENT_PAGE_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ExperimentListQuery = z.infer<typeof experimentListQuerySchema>;

export const experimentFields = {
  name: nameSchema,
  hypothesis: descriptionSchema,
  unitAttribute: z.string().trim().min(1, 'Please input unit attribute').max(200),
  traffic: z.number().int().min(0).max(BUCKETS),
  conditions: z.array(conditionInputSchema).max(100),
  segments: z.array(keySchema).max(50),
  /** null: in no layer. */
  layer: keySchema.nullable(),
  layerSlots: z.number().int().min(1).max(BUCKETS),
  /** Visual experiments only, and needed to start one; an A/B experiment runs wherever the SDK evaluates it. */
  page: experimentPageInputSchema.nullable(),
  /** Exactly one control; weights add up to 10000. */
  versions: z.array(experimentVersionInputSchema).min(1).max(20),
  metrics: experimentMetricsSchema,
  autoStop: z.boolean(),
  /** null: no planned duration. */
  plannedDays: plannedDaysSchema.nullable(),
  /** null: no rule agreed. */
  decisionRule: decisionRuleSchema.nullable(),
  /** null: a fixed-weight experiment. */
  bandit: banditSettingsSchema.nullable(),
};

export const createExperimentBodySchema = z.strictObject({
  key: keySchema,
  kind: z.enum(EXPERIMENT_KINDS).default('ab'),
  name: experimentFields.name,
  hypothesis: experimentFields.hypothesis.default(''),
  unitAttribute: experimentFields.unitAttribute.default('id'),
  traffic: experimentFields.traffic.default(BUCKETS),
  conditions: experimentFields.conditions.default([]),
  segments: experimentFields.segments.default([]),
  layer: experimentFields.layer.default(null),
  layerSlots: experimentFields.layerSlots.default(BUCKETS),
  page: experimentFields.page.default(null),
  /** Left out: a control and a treatment at 50% each. */
  versions: experimentFields.versions.optional(),
  metrics: experimentMetricsSchema.default({ primary: [], secondary: [], guardrails: [] }),
  autoStop: experimentFields.autoStop.default(false),
  plannedDays: experimentFields.plannedDays.default(null),
  decisionRule: experimentFields.decisionRule.default(null),
  bandit: experimentFields.bandit.default(null),
});
export type CreateExperimentBody = z.infer<typeof createExperimentBodySchema>;

export const updateExperimentBodySchema = z
  .strictObject({
    ...experimentFields,
    /**
     * Changing weights, traffic, versions or the unit attribute of a running or paused experiment re-randomises
     * it (a new phase: units may change version). Such a change is refused unless this is true.
     */
    reRandomise: z.boolean(),
  })
  .partial()
  .refine(
    (body) => Object.keys(body).some((field) => field !== 'reRandomise'),
    'Please input at least one field to change',
  );
export type UpdateExperimentBody = z.infer<typeof updateExperimentBodySchema>;

export const stopExperimentBodySchema = z.strictObject({
  outcome: z.enum(EXPERIMENT_DECISIONS),
  /** Required for ship: the version that won. Rollback means the control (left out, or its key); inconclusive, none. */
  version: keySchema.optional(),
  note: descriptionSchema.default(''),
  /**
   * Flag rules serving this experiment's params now serve the decided value (the shipped version's, or the
   * control's on rollback) as a plain variant, in every environment.
   */
  rollOut: z.boolean().default(false),
});
export type StopExperimentBody = z.infer<typeof stopExperimentBodySchema>;

/** A layer's slots: who owns which range; the rest is free. */
export const layerSlotSchema = z.object({
  experiment: z.string(),
  name: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  start: z.number().int(),
  end: z.number().int(),
});
export const layerSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** Ranges held by running and paused experiments, ordered by start. */
  slots: z.array(layerSlotSchema),
  /** Free ranges, ordered by start. */
  free: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
  /** Experiments in the layer that hold no range (drafts, stopped). */
  experiments: z.array(z.string()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Layer = z.infer<typeof layerSchema>;
export const layerListSchema = z.object({ layers: z.array(layerSchema) });

export const createLayerBodySchema = z.strictObject({
  key: keySchema,
  name: nameSchema,
  description: descriptionSchema.default(''),
});
export type CreateLayerBody = z.infer<typeof createLayerBodySchema>;
export const updateLayerBodySchema = z
  .strictObject({ name: nameSchema, description: descriptionSchema })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Please input name or description');
export type UpdateLayerBody = z.infer<typeof updateLayerBodySchema>;
