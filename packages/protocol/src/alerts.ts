import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

/**
 * What a results refresh warns of: a guardrail metric significantly worse in a version (always-valid sequential
 * test), a sample ratio mismatch, or a planned version that receives no units while others do.
 */
export const ALERT_KINDS = ['guardrail_regression', 'srm', 'no_traffic'] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

/** Alert kinds that stop an experiment whose `autoStop` is on; a version without traffic only warns. */
export const AUTO_STOP_ALERT_KINDS: readonly AlertKind[] = ['guardrail_regression', 'srm'];

const interval = z.tuple([z.number().nullable(), z.number().nullable()]);

export const guardrailRegressionFiguresSchema = z.object({
  /** Which way the metric is better: the regression is a significant move the other way. */
  direction: z.enum(['higher', 'lower']),
  /** Relative lift of the version over control, and its always-valid interval. */
  estimate: z.number().nullable(),
  ci: interval,
  pValue: z.number().nullable(),
  /** After the project's correction across guardrails × versions. */
  adjustedPValue: z.number().nullable(),
  alpha: z.number(),
});

export const srmFiguresSchema = z.object({
  chiSquare: z.number(),
  pValue: z.number(),
  threshold: z.number(),
  versions: z.array(z.object({ key: z.string(), weight: z.number().int(), units: z.number().int() })),
});

export const noTrafficFiguresSchema = z.object({
  weight: z.number().int(),
  units: z.number().int(),
  totalUnits: z.number().int(),
  /** The experiment's units in total from which a version without any is an alert. */
  minTotalUnits: z.number().int(),
});

const guardrailRegressionSchema = z.object({
  kind: z.literal('guardrail_regression'),
  metric: z.string(),
  version: z.string(),
  figures: guardrailRegressionFiguresSchema,
});
const srmSchema = z.object({ kind: z.literal('srm'), metric: z.null(), version: z.null(), figures: srmFiguresSchema });
const noTrafficSchema = z.object({
  kind: z.literal('no_traffic'),
  metric: z.null(),
  version: z.string(),
  figures: noTrafficFiguresSchema,
});

/** What a refresh found, before it is stored: its kind, the metric and version it is about, and the figures. */
export const alertFindingSchema = z.discriminatedUnion('kind', [guardrailRegressionSchema, srmSchema, noTrafficSchema]);
export type AlertFinding = z.infer<typeof alertFindingSchema>;

const raised = {
  id: idSchema,
  /** Alerts belong to the phase they were found in; a new phase starts without any. */
  phase: z.number().int(),
  raisedAt: timestampSchema,
  /** This alert stopped the experiment (its `autoStop` was on). */
  stoppedExperiment: z.boolean(),
};

export const experimentAlertSchema = z.discriminatedUnion('kind', [
  guardrailRegressionSchema.extend(raised),
  srmSchema.extend(raised),
  noTrafficSchema.extend(raised),
]);
export type ExperimentAlert = z.infer<typeof experimentAlertSchema>;

export const experimentAlertListSchema = z.object({ alerts: z.array(experimentAlertSchema) });
export type ExperimentAlertList = z.infer<typeof experimentAlertListSchema>;
