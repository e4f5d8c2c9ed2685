import { z } from 'zod';
import { METRIC_DIRECTIONS, METRIC_ROLES, METRIC_TYPES } from './metrics';
import { STATISTICS_METHODS } from './statistics-settings';

/** How the results page reads the stored sums; each is a toggle on the page, none needs a refresh. */
export const resultsQuerySchema = z.strictObject({
  cuped: z.stringbool().default(true).describe('Adjust with the pre-exposure covariate where the metric enables it'),
  sequential: z
    .stringbool()
    .default(false)
    .describe('Always-valid (sequential) intervals, safe to look at every day (frequentist only)'),
  relative: z.stringbool().default(true).describe('Lift relative to control (true) or as a difference (false)'),
});
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

export const VERDICTS = ['better', 'worse', 'inconclusive', 'not_enough_data'] as const;
export type Verdict = (typeof VERDICTS)[number];

const interval = z.tuple([z.number().nullable(), z.number().nullable()]);

/** One version's row of one metric; the control's has no lift. */
export const versionResultSchema = z.object({
  version: z.string(),
  units: z.number(),
  /** Rate (conversion), mean per unit (count, sum) or ratio; null without units. */
  value: z.number().nullable(),
  lift: z
    .object({
      estimate: z.number().nullable(),
      ci: interval,
      /** Frequentist: the p-value, and after the project's multiple-testing correction. */
      pValue: z.number().nullable(),
      adjustedPValue: z.number().nullable(),
      /** Bayesian: the chance the version beats control in the metric's good direction. */
      chanceToWin: z.number().nullable(),
      risk: z.tuple([z.number(), z.number()]).nullable(),
      verdict: z.enum(VERDICTS),
    })
    .nullable(),
});
export type VersionResult = z.infer<typeof versionResultSchema>;

/** A cumulative point: units exposed up to that day and each version's lift on their events so far. */
export const seriesPointSchema = z.object({
  day: z.string(),
  units: z.record(z.string(), z.number()),
  lifts: z.record(z.string(), z.object({ estimate: z.number().nullable(), ci: interval })),
});

export const metricResultSchema = z.object({
  key: z.string(),
  name: z.string(),
  role: z.enum(METRIC_ROLES),
  type: z.enum(METRIC_TYPES),
  direction: z.enum(METRIC_DIRECTIONS),
  /** CUPED was applied (the metric enables it and the toggle is on). */
  cuped: z.boolean(),
  versions: z.array(versionResultSchema),
  series: z.array(seriesPointSchema),
  /** A guardrail some version makes significantly worse. */
  guardrailBreached: z.boolean(),
});
export type MetricResult = z.infer<typeof metricResultSchema>;

export const snapshotStateSchema = z.object({
  status: z.enum(['running', 'succeeded', 'failed']),
  trigger: z.enum(['schedule', 'manual']),
  coversFrom: z.iso.datetime(),
  coversTo: z.iso.datetime(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
});

export const experimentResultsSchema = z.object({
  /** The snapshot these results come from; null before the first refresh succeeded. */
  snapshot: snapshotStateSchema.nullable(),
  /** A refresh under way: its share done (0–1), when this server runs it; null when none runs. */
  refreshing: z.object({ startedAt: z.iso.datetime(), progress: z.number().nullable() }).nullable(),
  method: z.enum(STATISTICS_METHODS),
  alpha: z.number(),
  correction: z.string(),
  options: z.object({ cuped: z.boolean(), sequential: z.boolean(), relative: z.boolean() }),
  control: z.string(),
  versions: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      weight: z.number(),
      units: z.number(),
      multipleExposures: z.number(),
    }),
  ),
  /** Sample ratio mismatch: the observed split against the weights; flagged below p = 0.001. */
  srm: z.object({ chiSquare: z.number(), pValue: z.number(), flagged: z.boolean() }).nullable(),
  /** Units exposed to more than one version; each is counted once, in the version it saw first. */
  multipleExposures: z.number(),
  metrics: z.array(metricResultSchema),
});
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;
