import {
  type CreateExperimentTemplateBody,
  type ExperimentTemplateSettings,
  type FieldIssue,
  HOLDOUT_KIND,
  type UpdateExperimentTemplateBody,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import { getExperiment, versionIssues } from '../experiments/service';
import { holdLayer, listLayers } from '../layers/service';
import { getMetricsByKey, holdMetricKeys } from '../metrics/service';
import { holdSegmentKeys, listSegments } from '../segments/service';
import { metricKeysOf, missingReferences, settingsFromExperiment } from './settings';
import {
  deleteTemplateRow,
  insertTemplate,
  selectTemplate,
  selectTemplates,
  type TemplateRow,
  updateTemplateRow,
} from './store';
import type { ExperimentTemplateDetails, ProjectReferences } from './types';

export type { ExperimentTemplateDetails } from './types';

/** What the audit log keeps of a template: what a reader compares between before and after. */
const snapshot = (template: TemplateRow) => ({
  key: template.key,
  name: template.name,
  description: template.description,
  settings: template.settings,
});

const audit = (
  tx: Database,
  acting: Acting,
  action: string,
  template: TemplateRow,
  before: TemplateRow | null,
  after: TemplateRow | null,
) =>
  recordAudit(tx, {
    ...acting,
    projectId: template.projectId,
    action,
    entityType: 'experiment_template',
    entityId: template.id,
    before: before && snapshot(before),
    after: after && snapshot(after),
  });

/** The layers, segments and metrics the project has now, among those the settings could name. */
async function projectReferences(
  db: Database,
  projectId: string,
  settings: readonly ExperimentTemplateSettings[],
): Promise<ProjectReferences> {
  // One after another: inside a transaction the queries share one connection anyway.
  const layers = await listLayers(db, projectId);
  const segments = await listSegments(db, projectId);
  const metrics = await getMetricsByKey(db, projectId, [...new Set(settings.flatMap(metricKeysOf))]);
  return {
    layers: new Set(layers.map((layer) => layer.key)),
    segments: new Set(segments.map((segment) => segment.key)),
    metrics: new Set(metrics.map((metric) => metric.key)),
  };
}

const detailsOf = (row: TemplateRow, references: ProjectReferences): ExperimentTemplateDetails => ({
  ...row,
  missing: missingReferences(row.settings, references),
});

/** Ordered by name; each says what it names that the project no longer has. */
export async function listTemplates(db: Database, projectId: string): Promise<ExperimentTemplateDetails[]> {
  const rows = await selectTemplates(db, projectId);
  const references = await projectReferences(
    db,
    projectId,
    rows.map((row) => row.settings),
  );
  return rows.map((row) => detailsOf(row, references));
}

async function findTemplate(db: Database, projectId: string, key: string, lock = false): Promise<TemplateRow> {
  const row = await selectTemplate(db, projectId, key, { lock });
  if (!row) throw notFound('Experiment template');
  return row;
}

export async function getTemplate(db: Database, projectId: string, key: string): Promise<ExperimentTemplateDetails> {
  const row = await findTemplate(db, projectId, key);
  return detailsOf(row, await projectReferences(db, projectId, [row.settings]));
}

/**
 * Settings being saved must be whole and name what the project has; the layer, segments and metrics are held until
 * the transaction ends, as an experiment holds them, so none is deleted between the check and the commit.
 */
async function checkSettings(tx: Database, projectId: string, settings: ExperimentTemplateSettings): Promise<void> {
  const issues: FieldIssue[] = versionIssues(settings.versions).map((issue) => ({
    ...issue,
    path: `settings.${issue.path}`,
  }));
  const layer = settings.layer === null ? null : await holdLayer(tx, projectId, settings.layer);
  const segments = await holdSegmentKeys(tx, projectId);
  const metrics = await holdMetricKeys(tx, projectId, metricKeysOf(settings));
  const missing = missingReferences(settings, {
    layers: new Set(layer ? [layer.key] : []),
    segments: new Set(segments),
    metrics: new Set(metrics),
  });
  if (missing.layer !== null) issues.push({ path: 'settings.layer', message: `There is no layer "${missing.layer}"` });
  for (const key of missing.segments)
    issues.push({ path: 'settings.segments', message: `There is no segment "${key}"` });
  for (const key of missing.metrics) issues.push({ path: 'settings.metrics', message: `There is no metric "${key}"` });
  if (issues.length > 0) throw new AppError('validation_failed', issues[0]!.message, issues);
}

/** A holdout is kept by the project's holdout settings, not started from a template. */
async function templateSource(tx: Database, projectId: string, key: string) {
  const experiment = await getExperiment(tx, projectId, key);
  if (experiment.kind === HOLDOUT_KIND)
    throw conflict(`"${key}" is a holdout: a holdout cannot be saved as a template`);
  return { ...experiment, kind: experiment.kind };
}

/** From settings given, or from an experiment of the same project ("save as template"). */
export async function createTemplate(
  tx: Database,
  acting: Acting,
  projectId: string,
  input: CreateExperimentTemplateBody,
): Promise<ExperimentTemplateDetails> {
  const settings = input.settings ?? settingsFromExperiment(await templateSource(tx, projectId, input.fromExperiment!));
  await checkSettings(tx, projectId, settings);
  if (await selectTemplate(tx, projectId, input.key)) {
    throw conflict(`This project already has an experiment template with key "${input.key}"`);
  }
  await insertTemplate(tx, {
    id: newId(),
    projectId,
    key: input.key,
    name: input.name,
    description: input.description,
    settings,
    createdBy: acting.actor.kind === 'user' ? acting.actor.id : null,
  });
  const created = await findTemplate(tx, projectId, input.key);
  await audit(tx, acting, 'experiment_template.created', created, null, created);
  // Checked and held above: nothing it names is missing.
  return { ...created, missing: { layer: null, segments: [], metrics: [] } };
}

export async function updateTemplate(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  changes: UpdateExperimentTemplateBody,
): Promise<ExperimentTemplateDetails> {
  const before = await findTemplate(tx, projectId, key, true);
  if (changes.settings) await checkSettings(tx, projectId, changes.settings);
  await updateTemplateRow(tx, before.id, changes);
  const after = await findTemplate(tx, projectId, key);
  await audit(tx, acting, 'experiment_template.updated', after, before, after);
  return detailsOf(after, await projectReferences(tx, projectId, [after.settings]));
}

/** Experiments started from it keep their settings: they were copied, not linked. */
export async function deleteTemplate(tx: Database, acting: Acting, projectId: string, key: string): Promise<void> {
  const template = await findTemplate(tx, projectId, key, true);
  await deleteTemplateRow(tx, template.id);
  await audit(tx, acting, 'experiment_template.deleted', template, template, null);
}
