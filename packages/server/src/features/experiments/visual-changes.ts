import { isDeepStrictEqual } from 'node:util';
import { BUCKETS, type ChangeRecord } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { conflict, invalidField } from '../../http/app-error';
import { type Acting, recordAudit } from '../audit/service';
import { updateExperiment } from './definition';
import { checkEdit } from './lifecycle';
import { getExperiment } from './queries';
import { replaceVersions, updateExperimentRow } from './store';
import type { ExperimentDetails } from './types';

/** Spec §5: what the visual editor says, and the server enforces, about the control version. */
export const CONTROL_READ_ONLY = 'The control version is for experimental purposes and cannot be modified.';

/** One version as the visual editor saves it. */
export interface VersionChanges {
  key: string;
  name: string;
  changeRecords: ChangeRecord[];
}

/** Every unit split evenly, the first versions taking the basis points left over. */
export function evenWeights(count: number): number[] {
  const share = Math.floor(BUCKETS / count);
  return Array.from({ length: count }, (_, index) => share + (index < BUCKETS - share * count ? 1 : 0));
}

/** Versions the editor added (or renamed) change the experiment's definition, by the rules of any other edit. */
async function updateDefinition(
  tx: Database,
  acting: Acting,
  before: ExperimentDetails,
  versions: readonly VersionChanges[],
): Promise<void> {
  const same = (candidate: VersionChanges, index: number) =>
    before.versions[index]?.key === candidate.key && before.versions[index]?.name === candidate.name;
  if (versions.length === before.versions.length && versions.every(same)) return;
  const added = versions.length !== before.versions.length;
  const weights = evenWeights(versions.length);
  await updateExperiment(tx, acting, before.projectId, before.key, {
    versions: versions.map((version, index) => {
      const kept = before.versions.find((candidate) => candidate.key === version.key);
      return {
        key: version.key,
        name: version.name,
        weight: added ? weights[index]! : (kept?.weight ?? 0),
        isControl: kept?.isControl ?? false,
        params: kept?.params ?? {},
      };
    }),
  });
}

const recordsByVersion = (experiment: ExperimentDetails) =>
  experiment.versions.map((version) => ({ key: version.key, changeRecords: version.changeRecords }));

/**
 * The visual editor's save: the change records of every version at once, with the versions it added. Every version
 * the experiment has must be saved (the editor shows them all), and the control keeps the page as it is.
 */
export async function saveVisualChanges(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  versions: readonly VersionChanges[],
): Promise<ExperimentDetails> {
  const before = await getExperiment(tx, projectId, key, true);
  if (before.kind !== 'visual') {
    throw conflict(`Experiment "${key}" is an A/B experiment: only visual experiments change pages`);
  }
  checkEdit(before, { changed: ['changes'], randomising: [], reRandomise: false });
  const missing = before.versions.find((version) => !versions.some((given) => given.key === version.key));
  if (missing) {
    throw invalidField('versions', `Version "${missing.key}" is missing: save every version of the experiment`);
  }
  versions.forEach((version, index) => {
    const control = before.versions.find((candidate) => candidate.key === version.key)?.isControl;
    if (control && version.changeRecords.length > 0) throw invalidField(`versions.${index}`, CONTROL_READ_ONLY);
  });

  await updateDefinition(tx, acting, before, versions);
  const current = await getExperiment(tx, projectId, key);
  const records = new Map(versions.map((version) => [version.key, version.changeRecords]));
  const rows = current.versions.map((version) => ({ ...version, changeRecords: records.get(version.key) ?? [] }));
  if (isDeepStrictEqual(rows, current.versions)) return current;
  await replaceVersions(tx, current.id, rows);
  await updateExperimentRow(tx, current.id, {});
  const after = await getExperiment(tx, projectId, key);
  await recordAudit(tx, {
    ...acting,
    projectId,
    action: 'experiment.changes_saved',
    entityType: 'experiment',
    entityId: after.id,
    before: { versions: recordsByVersion(current) },
    after: { versions: recordsByVersion(after) },
  });
  return after;
}

/** Spec §3: whether the experiment's page carries the integration code, as the editor found it. */
export async function setIntegrationConfigured(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  configured: boolean,
): Promise<ExperimentDetails> {
  const before = await getExperiment(tx, projectId, key, true);
  if (before.integrationConfigured === configured) return before;
  await updateExperimentRow(tx, before.id, { integrationConfigured: configured });
  await recordAudit(tx, {
    ...acting,
    projectId,
    action: 'experiment.integration_checked',
    entityType: 'experiment',
    entityId: before.id,
    before: { integrationConfigured: before.integrationConfigured },
    after: { integrationConfigured: configured },
  });
  return getExperiment(tx, projectId, key);
}
