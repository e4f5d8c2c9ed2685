import type { ExperimentTemplate, TemplateMissing } from '@tabula/protocol';
import { type ExperimentDraft, newVersionId } from '../../utils/experiment-draft';

/** Whether the template names anything the project no longer has. */
export const hasMissing = (missing: TemplateMissing): boolean =>
  missing.layer !== null || missing.segments.length > 0 || missing.metrics.length > 0;

/**
 * The draft with the template's settings: every step but what names this experiment (name, key, hypothesis) and its
 * page. What the project no longer has (`template.missing`) is left out, for the wizard to say so.
 */
export function applyTemplate(draft: ExperimentDraft, template: ExperimentTemplate): ExperimentDraft {
  const { settings, missing } = template;
  const kept = (keys: string[]) => keys.filter((key) => !missing.metrics.includes(key));
  return {
    ...draft,
    kind: settings.kind,
    unitAttribute: settings.unitAttribute,
    conditions: settings.conditions,
    segments: settings.segments.filter((key) => !missing.segments.includes(key)),
    traffic: settings.traffic,
    layer: settings.layer === missing.layer ? null : settings.layer,
    layerSlots: settings.layerSlots,
    versions: settings.versions.map((version) => ({
      id: newVersionId(),
      name: version.name,
      key: version.key,
      keyEdited: true,
      weight: version.weight,
      isControl: version.isControl,
      params: '',
    })),
    metrics: {
      primary: kept(settings.metrics.primary),
      secondary: kept(settings.metrics.secondary),
      guardrails: kept(settings.metrics.guardrails),
    },
    autoStop: settings.autoStop,
    plannedDays: settings.plannedDays,
    decisionRule: settings.decisionRule,
  };
}
