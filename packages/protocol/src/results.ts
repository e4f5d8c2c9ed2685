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
      /**
       * Bayesian: the expected loss, in the lift's units and the metric's good direction, of keeping control and of
       * choosing the version (how much is given up on average if that choice is the wrong one).
       */
      risk: z.tuple([z.number(), z.number()]).nullable(),
      /**
       * The coverage of ci, the interval the verdict agrees with: 1 − alpha, or 1 − alpha·p/p̃ after the multiple-testing
       * correction (frequentist); 2·decisionThreshold − 1 (Bayesian).
       */
      level: z.number().nullable(),
      /** CUPED: the share of the lift's variance the pre-exposure data removed; null when CUPED did not change it. */
      varianceReduction: z.number().nullable(),
      verdict: z.enum(VERDICTS),
    })
    .nullable(),
});
export type VersionResult = z.infer<typeof versionResultSchema>;

/**
 * A cumulative point: units exposed up to that day (or hour) and each version's lift on their events so far. Points
 * are hours while the experiment's phase is younger than two days, so the chart starts from its first hour; days after.
 */
export const seriesPointSchema = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  /** HH:00, UTC: present when the points are hours. */
  hour: z.string().optional(),
  units: z.record(z.string(), z.number()),
  lifts: z.record(z.string(), z.object({ estimate: z.number().nullable(), ci: interval })),
});

export const metricResultSchema = z.object({
  key: z.string(),
  name: z.string(),
  role: z.enum(METRIC_ROLES),
  type: z.enum(METRIC_TYPES),
  direction: z.enum(METRIC_DIRECTIONS),
  /** CUPED changed the estimate of some version (the metric enables it, the toggle is on and pre-exposure data varies). */
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

/** The checks every snapshot runs before its numbers can be trusted; the page names a winner only when all pass. */
export const HEALTH_CHECKS = ['sample_ratio', 'multiple_exposures', 'min_units', 'freshness'] as const;
export type HealthCheckKind = (typeof HEALTH_CHECKS)[number];

/**
 * One check: `value` against `limit`. sample_ratio: the SRM p-value, failing below the limit; multiple_exposures:
 * units seen in more than one version, failing above the limit (0); min_units: the fewest units of a planned version,
 * failing below the limit; freshness: the snapshot's age in hours, failing above the limit while the experiment runs.
 */
export const healthCheckSchema = z.object({
  check: z.enum(HEALTH_CHECKS),
  passed: z.boolean(),
  value: z.number(),
  limit: z.number(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const resultsHealthSchema = z.object({
  checks: z.array(healthCheckSchema),
  /** Units in versions planned at 0% (QA-forced visitors, leftovers): counted apart, outside the sample ratio test. */
  excludedUnits: z.number(),
});
export type ResultsHealth = z.infer<typeof resultsHealthSchema>;

export const experimentResultsSchema = z.object({
  /** The snapshot these results come from; null before the first refresh succeeded. */
  snapshot: snapshotStateSchema.nullable(),
  /** A refresh under way: its share done (0–1), when this server runs it; null when none runs. */
  refreshing: z.object({ startedAt: z.iso.datetime(), progress: z.number().nullable() }).nullable(),
  method: z.enum(STATISTICS_METHODS),
  alpha: z.number(),
  /** Bayesian: the chance to beat control a version needs to be called better or worse. */
  decisionThreshold: z.number(),
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
  /** Sample ratio mismatch: the observed split of planned versions against the weights; flagged below p = 0.001. */
  srm: z.object({ chiSquare: z.number(), pValue: z.number(), flagged: z.boolean() }).nullable(),
  /** The health checks of the snapshot shown; null before the first refresh succeeded. */
  health: resultsHealthSchema.nullable(),
  /** Units exposed to more than one version; each is counted once, in the version it saw first. */
  multipleExposures: z.number(),
  metrics: z.array(metricResultSchema),
});
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;
