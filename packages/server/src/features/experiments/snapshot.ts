import type { Database } from '../../db/client';
import { type Acting, recordAudit } from '../audit/service';
import type { ExperimentWithVersions } from './types';

export const pageOf = (experiment: Pick<ExperimentWithVersions, 'pageUrl' | 'pageMatch' | 'pageOpenUrl'>) =>
  experiment.pageUrl === null
    ? null
    : { url: experiment.pageUrl, match: experiment.pageMatch, openUrl: experiment.pageOpenUrl };

/** What the audit log keeps of an experiment: its definition and where it stands, as the API shows them. */
export const experimentSnapshot = (experiment: ExperimentWithVersions) => ({
  key: experiment.key,
  name: experiment.name,
  hypothesis: experiment.hypothesis,
  kind: experiment.kind,
  status: experiment.status,
  unitAttribute: experiment.unitAttribute,
  traffic: experiment.traffic,
  phase: experiment.phase,
  conditions: experiment.conditions,
  segments: experiment.segments,
  layer:
    experiment.layerKey === null
      ? null
      : { key: experiment.layerKey, start: experiment.slotStart, end: experiment.slotEnd },
  layerSlots: experiment.layerSlots,
  page: pageOf(experiment),
  versions: experiment.versions.map((version) => ({
    key: version.key,
    name: version.name,
    weight: version.weight,
    isControl: version.isControl,
    params: version.params,
  })),
  metrics: experiment.metrics,
  autoStop: experiment.autoStop,
  plannedDays: experiment.plannedDays,
  decisionRule: experiment.decisionRule,
  bandit: experiment.bandit,
  decision: experiment.decision,
});

export const auditExperiment = (
  tx: Database,
  acting: Acting,
  action: string,
  experiment: ExperimentWithVersions,
  before: ExperimentWithVersions | null,
  after: ExperimentWithVersions | null,
) =>
  recordAudit(tx, {
    ...acting,
    projectId: experiment.projectId,
    action,
    entityType: 'experiment',
    entityId: experiment.id,
    before: before && experimentSnapshot(before),
    after: after && experimentSnapshot(after),
  });
