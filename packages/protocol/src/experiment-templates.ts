import { z } from 'zod';
import { descriptionSchema, idSchema, keySchema, nameSchema, timestampSchema, userSummarySchema } from './common';
import { conditionSchema } from './conditions';
import { EXPERIMENT_KINDS, experimentFields, experimentMetricsSchema } from './experiments';
import { BUCKETS } from './sdk-payload';

/** A template's version: how the traffic is split and what each part is called; params and visual changes stay with experiments. */
export const templateVersionSchema = z.strictObject({
  key: keySchema,
  name: nameSchema,
  weight: z.number().int().min(0).max(BUCKETS),
  isControl: z.boolean().default(false),
});
export type TemplateVersion = z.infer<typeof templateVersionSchema>;

/**
 * What a new experiment takes from a template: everything but what names one experiment (key, name, hypothesis),
 * its page and its versions' params and visual changes.
 */
export const experimentTemplateSettingsSchema = z.strictObject({
  kind: z.enum(EXPERIMENT_KINDS).default('ab'),
  unitAttribute: experimentFields.unitAttribute.default('id'),
  traffic: experimentFields.traffic.default(BUCKETS),
  conditions: experimentFields.conditions.default([]),
  segments: experimentFields.segments.default([]),
  layer: experimentFields.layer.default(null),
  layerSlots: experimentFields.layerSlots.default(BUCKETS),
  versions: z.array(templateVersionSchema).min(1).max(20),
  metrics: experimentMetricsSchema.default({ primary: [], secondary: [], guardrails: [] }),
  autoStop: experimentFields.autoStop.default(false),
  plannedDays: experimentFields.plannedDays.default(null),
  decisionRule: experimentFields.decisionRule.default(null),
});
export type ExperimentTemplateSettingsInput = z.input<typeof experimentTemplateSettingsSchema>;
/**
 * The settings as kept and shown. Conditions taken from an experiment are read as experiments store them: an operator
 * this version does not know stays, as it does on the experiment (it evaluates to false).
 */
export const storedTemplateSettingsSchema = experimentTemplateSettingsSchema.extend({
  conditions: z.array(conditionSchema),
});
export type ExperimentTemplateSettings = z.infer<typeof storedTemplateSettingsSchema>;

export const FROM_EXPERIMENT_OR_SETTINGS_MESSAGE = 'Please input either settings or the experiment to take them from';

/** A template is written from settings, or taken from an existing experiment ("save as template"). */
export const createExperimentTemplateBodySchema = z
  .strictObject({
    key: keySchema,
    name: nameSchema,
    description: descriptionSchema.default(''),
    settings: experimentTemplateSettingsSchema.optional(),
    /** The key of an experiment of the same project whose settings the template keeps. */
    fromExperiment: keySchema.optional(),
  })
  .refine((body) => (body.settings === undefined) !== (body.fromExperiment === undefined), {
    message: FROM_EXPERIMENT_OR_SETTINGS_MESSAGE,
    path: ['settings'],
  });
export type CreateExperimentTemplateBody = z.infer<typeof createExperimentTemplateBodySchema>;

export const updateExperimentTemplateBodySchema = z
  .strictObject({ name: nameSchema, description: descriptionSchema, settings: experimentTemplateSettingsSchema })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Please input at least one field to change');
export type UpdateExperimentTemplateBody = z.infer<typeof updateExperimentTemplateBodySchema>;

/** What the template names that the project no longer has: a new experiment leaves these out. */
export const templateMissingSchema = z.object({
  layer: z.string().nullable(),
  segments: z.array(z.string()),
  metrics: z.array(z.string()),
});
export type TemplateMissing = z.infer<typeof templateMissingSchema>;

export const experimentTemplateSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  settings: storedTemplateSettingsSchema,
  missing: templateMissingSchema,
  createdBy: userSummarySchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ExperimentTemplate = z.infer<typeof experimentTemplateSchema>;

export const experimentTemplateListSchema = z.object({ templates: z.array(experimentTemplateSchema) });
export type ExperimentTemplateList = z.infer<typeof experimentTemplateListSchema>;
