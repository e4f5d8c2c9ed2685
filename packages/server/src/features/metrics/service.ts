import { isDeepStrictEqual } from 'node:util';
import { type CreateMetricBody, type MetricListQuery, metricIssues, type UpdateMetricBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import {
  deleteMetricRow,
  insertMetric,
  selectClickMetric,
  selectMetric,
  selectMetricKeys,
  selectMetricPage,
  selectMetricsByKey,
  selectMetricUsage,
  updateMetricRow,
} from './store';
import type { Metric, MetricChanges, MetricDetails } from './types';

export type { Metric, MetricDetails } from './types';

/** A metric's definition: what the API answers and the audit log keeps, beside their own fields. */
export const definitionOf = (metric: Metric) => ({
  key: metric.key,
  name: metric.name,
  description: metric.description,
  tags: metric.tags,
  type: metric.type,
  source: metric.source,
  ratio: metric.ratio,
  windowHours: metric.windowHours,
  direction: metric.direction,
  capping: metric.capping,
  cuped: metric.cuped,
});

/** What the audit log keeps of a metric: its definition and whether it is archived. */
const snapshot = (metric: Metric) => ({ ...definitionOf(metric), archived: metric.archivedAt !== null });

const audit = (
  tx: Database,
  acting: Acting,
  action: string,
  metric: Metric,
  before: Metric | null,
  after: Metric | null,
) =>
  recordAudit(tx, {
    ...acting,
    projectId: metric.projectId,
    action,
    entityType: 'metric',
    entityId: metric.id,
    before: before && snapshot(before),
    after: after && snapshot(after),
  });

/** Usage in one grouped query, however many metrics there are. */
async function withUsage(db: Database, projectId: string, metrics: Metric[]): Promise<MetricDetails[]> {
  const usage = await selectMetricUsage(
    db,
    projectId,
    metrics.map((metric) => metric.key),
  );
  return metrics.map((metric) => ({ ...metric, experiments: usage.get(metric.key) ?? [] }));
}

export async function listMetrics(
  db: Database,
  projectId: string,
  query: MetricListQuery,
): Promise<{ metrics: MetricDetails[]; total: number; nextOffset: number | null }> {
  const page = await selectMetricPage(db, projectId, query);
  const end = query.offset + page.metrics.length;
  return {
    metrics: await withUsage(db, projectId, page.metrics),
    total: page.total,
    nextOffset: end < page.total ? end : null,
  };
}

/** `lock` holds the metric's row until the transaction ends: every change of a metric reads it so. */
export async function getMetric(db: Database, projectId: string, key: string, lock = false): Promise<MetricDetails> {
  const metric = await selectMetric(db, projectId, key, { lock });
  if (!metric) throw notFound('Metric');
  const [details] = await withUsage(db, projectId, [metric]);
  return details!;
}

/** The metrics of these keys that exist, archived ones too, in no particular order. */
export const getMetricsByKey = (db: Database, projectId: string, keys: string[]): Promise<Metric[]> =>
  selectMetricsByKey(db, projectId, keys);

/**
 * The active metric that counts clicks on exactly this selector (the oldest, should there be several): where a new
 * click goal would only duplicate it. Archived metrics were put away on purpose and are not picked again.
 */
export const findClickMetric = (db: Database, projectId: string, selector: string): Promise<Metric | null> =>
  selectClickMetric(db, projectId, selector);

/**
 * For a use case about to refer to metrics: which of these keys exist (archived ones too), held until its
 * transaction ends, so a concurrent delete waits and then sees the new reference.
 */
export const holdMetricKeys = (tx: Database, projectId: string, keys: string[]): Promise<string[]> =>
  selectMetricKeys(tx, projectId, keys, 'share');

export async function createMetric(
  tx: Database,
  acting: Acting,
  projectId: string,
  input: CreateMetricBody,
): Promise<MetricDetails> {
  if (await selectMetric(tx, projectId, input.key)) {
    throw conflict(`This project already has a metric with key "${input.key}"`);
  }
  await insertMetric(tx, { id: newId(), projectId, ...input });
  const metric = await getMetric(tx, projectId, input.key);
  await audit(tx, acting, 'metric.created', metric, null, metric);
  return metric;
}

/** The rules across fields apply to the metric as it would be after the change. An edit that changes nothing writes nothing. */
export async function updateMetric(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  input: UpdateMetricBody,
): Promise<MetricDetails> {
  const before = await getMetric(tx, projectId, key, true);
  const issues = metricIssues({ ...before, ...input });
  if (issues.length > 0) throw new AppError('validation_failed', issues[0]!.message, issues);
  const changes: MetricChanges = Object.fromEntries(
    Object.entries(input).filter(([field, value]) => !isDeepStrictEqual(value, before[field as keyof Metric])),
  );
  if (Object.keys(changes).length === 0) return before;
  await updateMetricRow(tx, before.id, changes);
  const after = await getMetric(tx, projectId, key);
  await audit(tx, acting, 'metric.updated', after, before, after);
  return after;
}

/**
 * An archived metric leaves the list experiments pick from; experiments that already use it keep measuring it.
 * Archiving what is archived, or restoring what is not, changes nothing.
 */
export async function setMetricArchived(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  archived: boolean,
): Promise<MetricDetails> {
  const before = await getMetric(tx, projectId, key, true);
  if ((before.archivedAt !== null) === archived) return before;
  await updateMetricRow(tx, before.id, { archivedAt: archived ? new Date() : null });
  const after = await getMetric(tx, projectId, key);
  await audit(tx, acting, archived ? 'metric.archived' : 'metric.restored', after, before, after);
  return after;
}

/** Refused while an experiment uses it, whatever the experiment's status: its results would lose a metric. */
export async function deleteMetric(tx: Database, acting: Acting, projectId: string, key: string): Promise<void> {
  // Locked first: an experiment being saved that refers to it either commits before the usage check, or finds it gone.
  const metric = await getMetric(tx, projectId, key, true);
  if (metric.experiments.length > 0) {
    throw new AppError(
      'conflict',
      `Metric "${key}" is used by experiments: remove it from these first`,
      metric.experiments,
    );
  }
  await deleteMetricRow(tx, metric.id);
  await audit(tx, acting, 'metric.deleted', metric, metric, null);
}
