import type { ExperimentTemplateSettings, TemplateMissing } from '@tabula/protocol';
import type { ExperimentDetails } from '../experiments/service';
import type { ProjectReferences } from './types';

/** What a new experiment can take from this one: its setup, not what names it, its page or its versions' content. */
export const settingsFromExperiment = (
  experiment: ExperimentDetails & Pick<ExperimentTemplateSettings, 'kind'>,
): ExperimentTemplateSettings => ({
  kind: experiment.kind,
  unitAttribute: experiment.unitAttribute,
  traffic: experiment.traffic,
  conditions: experiment.conditions,
  segments: experiment.segments,
  layer: experiment.layerKey,
  layerSlots: experiment.layerSlots,
  versions: experiment.versions.map(({ key, name, weight, isControl }) => ({ key, name, weight, isControl })),
  metrics: experiment.metrics,
  autoStop: experiment.autoStop,
  plannedDays: experiment.plannedDays,
  decisionRule: experiment.decisionRule,
});

/** Every metric key the settings name, in any role, once each. */
export const metricKeysOf = (settings: Pick<ExperimentTemplateSettings, 'metrics'>): string[] => [
  ...new Set([...settings.metrics.primary, ...settings.metrics.secondary, ...settings.metrics.guardrails]),
];

/** The layer, segments and metrics the settings name that the project does not have (any more). */
export function missingReferences(settings: ExperimentTemplateSettings, project: ProjectReferences): TemplateMissing {
  return {
    layer: settings.layer !== null && !project.layers.has(settings.layer) ? settings.layer : null,
    segments: settings.segments.filter((key) => !project.segments.has(key)),
    metrics: metricKeysOf(settings).filter((key) => !project.metrics.has(key)),
  };
}
