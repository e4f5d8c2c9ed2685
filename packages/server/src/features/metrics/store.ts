import { METRIC_ROLES, type MetricListQuery, type MetricUsage } from '@tabula/protocol';
import {
  and,
  arrayContains,
  asc,
  type Column,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { experiment, metric } from '../../db/schema';
import type { Metric, MetricChanges } from './types';

type MetricRow = typeof metric.$inferSelect;
type MetricInsert = typeof metric.$inferInsert;

const toMetric = ({ cupedEnabled, cupedLookbackDays, ...row }: MetricRow): Metric => ({
  ...row,
  cuped: { enabled: cupedEnabled, lookbackDays: cupedLookbackDays },
});

/** The columns a definition is stored in: CUPED's two settings are two columns. */
function toColumns({ cuped, ...changes }: MetricChanges): Partial<MetricInsert> {
  return cuped ? { ...changes, cupedEnabled: cuped.enabled, cupedLookbackDays: cuped.lookbackDays } : changes;
}

export type MetricFilter = Omit<MetricListQuery, 'limit' | 'offset'>;

/** Case-insensitive containment without LIKE, so the user's `%` and `_` are plain characters. */
const contains = (column: Column, text: string) => sql`strpos(lower(${column}), lower(${text})) > 0`;

function filterConditions(projectId: string, filter: MetricFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(metric.projectId, projectId)];
  if (filter.status === 'active') conditions.push(isNull(metric.archivedAt));
  if (filter.status === 'archived') conditions.push(isNotNull(metric.archivedAt));
  if (filter.search) {
    conditions.push(
      or(
        contains(metric.key, filter.search),
        contains(metric.name, filter.search),
        contains(metric.description, filter.search),
      ),
    );
  }
  if (filter.type) conditions.push(eq(metric.type, filter.type));
  if (filter.tag) conditions.push(arrayContains(metric.tags, [filter.tag]));
  return and(...conditions);
}

const SORT_COLUMNS = {
  key: metric.key,
  name: metric.name,
  type: metric.type,
  createdAt: metric.createdAt,
  updatedAt: metric.updatedAt,
} as const;

export async function selectMetricPage(
  db: Database,
  projectId: string,
  filter: MetricFilter & { limit: number; offset: number },
): Promise<{ metrics: Metric[]; total: number }> {
  const where = filterConditions(projectId, filter);
  const direction = sql.raw(filter.order === 'desc' ? 'desc' : 'asc');
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(metric)
      .where(where)
      .orderBy(sql`${SORT_COLUMNS[filter.sort]} ${direction}`, sql`${metric.key} ${direction}`)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(metric).where(where),
  ]);
  return { metrics: rows.map(toMetric), total: total?.total ?? 0 };
}

export async function selectMetric(
  db: Database,
  projectId: string,
  key: string,
  options: { lock?: boolean } = {},
): Promise<Metric | null> {
  const query = db
    .select()
    .from(metric)
    .where(and(eq(metric.projectId, projectId), eq(metric.key, key)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? toMetric(row) : null;
}

/** Metrics by key, in no particular order; keys without one are left out. */
export async function selectMetricsByKey(db: Database, projectId: string, keys: string[]): Promise<Metric[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select()
    .from(metric)
    .where(and(eq(metric.projectId, projectId), inArray(metric.key, keys)));
  return rows.map(toMetric);
}

/** The oldest active metric whose source is clicks on exactly this selector, if any. */
export async function selectClickMetric(db: Database, projectId: string, selector: string): Promise<Metric | null> {
  const [row] = await db
    .select()
    .from(metric)
    .where(
      and(
        eq(metric.projectId, projectId),
        isNull(metric.archivedAt),
        sql`${metric.source} ->> 'kind' = 'click'`,
        sql`${metric.source} ->> 'selector' = ${selector}`,
      ),
    )
    .orderBy(asc(metric.createdAt), asc(metric.key))
    .limit(1);
  return row ? toMetric(row) : null;
}

/** Which of these keys exist; `share` holds their rows until the transaction ends, so none is deleted meanwhile. */
export async function selectMetricKeys(db: Database, projectId: string, keys: string[], lock?: 'share') {
  if (keys.length === 0) return [];
  const query = db
    .select({ key: metric.key })
    .from(metric)
    .where(and(eq(metric.projectId, projectId), inArray(metric.key, keys)));
  const rows = lock ? await query.for(lock) : await query;
  return rows.map((row) => row.key);
}

export async function insertMetric(
  tx: Database,
  { cuped, ...row }: Omit<Metric, 'archivedAt' | 'createdAt' | 'updatedAt'>,
): Promise<void> {
  await tx.insert(metric).values({ ...row, cupedEnabled: cuped.enabled, cupedLookbackDays: cuped.lookbackDays });
}

export async function updateMetricRow(
  tx: Database,
  id: string,
  changes: MetricChanges & { archivedAt?: Date | null },
): Promise<Metric> {
  const [row] = await tx
    .update(metric)
    .set({ ...toColumns(changes), updatedAt: new Date() })
    .where(eq(metric.id, id))
    .returning();
  return toMetric(row!);
}

export async function deleteMetricRow(tx: Database, id: string): Promise<void> {
  await tx.delete(metric).where(eq(metric.id, id));
}

/** The experiments (of any status) that use any of these metrics, ordered by key, with the roles of each metric. */
export async function selectMetricUsage(
  db: Database,
  projectId: string,
  keys: string[],
): Promise<Map<string, MetricUsage[]>> {
  const usage = new Map<string, MetricUsage[]>(keys.map((key) => [key, []]));
  if (keys.length === 0) return usage;
  const wanted = sql`array[${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
  const rows = await db
    .select({ key: experiment.key, name: experiment.name, status: experiment.status, metrics: experiment.metrics })
    .from(experiment)
    .where(
      and(
        eq(experiment.projectId, projectId),
        or(...METRIC_ROLES.map((role) => sql`(${experiment.metrics} -> ${role}) ?| ${wanted}`)),
      ),
    )
    .orderBy(asc(experiment.key));
  for (const row of rows) {
    for (const key of keys) {
      const roles = METRIC_ROLES.filter((role) => row.metrics[role].includes(key));
      if (roles.length > 0) usage.get(key)!.push({ key: row.key, name: row.name, status: row.status, roles });
    }
  }
  return usage;
}
