import type { ExperimentTemplate, UpdateExperimentTemplateBody } from '@tabula/protocol';
import { type ExperimentDraft, newDraft, sameValue, toExperimentFields } from '../../utils/experiment-draft';
import { applyTemplate } from './apply-template';

/**
 * A template's setup as the wizard's draft, so the wizard's fields and checks edit it. What the project no longer
 * has is left out, as a new experiment leaves it out: the server refuses settings that name it.
 */
export const setupDraft = (template: ExperimentTemplate): ExperimentDraft =>
  // The new draft's versions, names included, give way to the template's.
  applyTemplate(newDraft({ control: '', treatment: '' }), template);

type TemplateSettings = NonNullable<UpdateExperimentTemplateBody['settings']>;

/** The settings a draft makes: its setup, without what names one experiment, its page or its versions' params. */
export function settingsOf(draft: ExperimentDraft): TemplateSettings {
  const fields = toExperimentFields(draft);
  return {
    kind: draft.kind,
    unitAttribute: fields.unitAttribute,
    traffic: fields.traffic,
    conditions: fields.conditions,
    segments: fields.segments,
    layer: fields.layer,
    layerSlots: fields.layerSlots,
    versions: fields.versions.map(({ key, name, weight, isControl }) => ({ key, name, weight, isControl })),
    metrics: fields.metrics,
    autoStop: fields.autoStop,
    plannedDays: fields.plannedDays,
    decisionRule: fields.decisionRule,
  };
}

/** What to send of the setup: nothing while it is as the template keeps it, so a rename leaves it alone. */
export const settingsChange = (initial: ExperimentDraft, draft: ExperimentDraft): { settings?: TemplateSettings } =>
  sameValue(settingsOf(initial), settingsOf(draft)) ? {} : { settings: settingsOf(draft) };
