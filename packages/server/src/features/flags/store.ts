import type { FlagListQuery, FlagRule, Prerequisite } from '@tabula/protocol';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  max,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { environment, flag, flagEnvironment, flagUsage } from '../../db/schema';
import type {
  EnvironmentFlag,
  Flag,
  FlagEnvironmentRow,
  FlagUsageReport,
  FlagUsageRow,
  PrerequisiteRow,
} from './types';

/** Archived flags are left out; a flag without a row for the environment is off there, with no rules. */
export async function selectEnvironmentFlags(
  db: Database,
  projectId: string,
  environmentId: string,
): Promise<EnvironmentFlag[]> {
  const rows = await db
    .select({
      ...getTableColumns(flag),
      enabled: flagEnvironment.enabled,
      rules: flagEnvironment.rules,
      prerequisites: flagEnvironment.prerequisites,
    })
    .from(flag)
    .leftJoin(
      flagEnvironment,
      and(eq(flagEnvironment.flagId, flag.id), eq(flagEnvironment.environmentId, environmentId)),
    )
    .where(and(eq(flag.projectId, projectId), isNull(flag.archivedAt)))
    .orderBy(asc(flag.key));
  return rows.map((row) => ({
    ...row,
    enabled: row.enabled ?? false,
    rules: row.rules ?? [],
    prerequisites: row.prerequisites ?? [],
  }));
}

export async function selectFlag(
  db: Database,
  projectId: string,
  key: string,
  options: { lock?: boolean } = {},
): Promise<Flag | null> {
  const query = db
    .select()
    .from(flag)
    .where(and(eq(flag.projectId, projectId), eq(flag.key, key)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export type FlagFilter = Omit<FlagListQuery, 'environment'> & { environmentId?: string | undefined };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function flagConditions(projectId: string, filter: FlagFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(flag.projectId, projectId)];
  if (filter.status === 'active') conditions.push(isNull(flag.archivedAt));
  if (filter.status === 'archived') conditions.push(isNotNull(flag.archivedAt));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(flag.key, pattern), ilike(flag.name, pattern)));
  }
  if (filter.tag) conditions.push(arrayContains(flag.tags, [filter.tag]));
  if (filter.type) conditions.push(eq(flag.type, filter.type));
  return and(...conditions);
}

export async function selectFlagPage(
  db: Database,
  projectId: string,
  filter: FlagFilter,
): Promise<{ flags: Flag[]; total: number }> {
  let where = flagConditions(projectId, filter);
  if (filter.environmentId && filter.enabled !== undefined) {
    const onThere = exists(
      db
        .select({ flagId: flagEnvironment.flagId })
        .from(flagEnvironment)
        .where(
          and(
            eq(flagEnvironment.flagId, flag.id),
            eq(flagEnvironment.environmentId, filter.environmentId),
            eq(flagEnvironment.enabled, true),
          ),
        ),
    );
    where = and(where, filter.enabled ? onThere : not(onThere));
  }
  const column = { key: flag.key, name: flag.name, createdAt: flag.createdAt, updatedAt: flag.updatedAt }[filter.sort];
  const direction = filter.order === 'desc' ? desc : asc;
  const [flags, [total]] = await Promise.all([
    db
      .select()
      .from(flag)
      .where(where)
      .orderBy(direction(column), direction(flag.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(flag).where(where),
  ]);
  return { flags, total: total?.total ?? 0 };
}

export async function selectFlagEnvironments(db: Database, flagIds: string[]): Promise<FlagEnvironmentRow[]> {
  if (flagIds.length === 0) return [];
  return db.select().from(flagEnvironment).where(inArray(flagEnvironment.flagId, flagIds));
}

export async function selectFlagUsage(db: Database, projectId: string, flagKeys: string[]): Promise<FlagUsageRow[]> {
  if (flagKeys.length === 0) return [];
  return db
    .select({
      environmentId: flagUsage.environmentId,
      flagKey: flagUsage.flagKey,
      lastEvaluatedAt: flagUsage.lastEvaluatedAt,
    })
    .from(flagUsage)
    .where(and(eq(flagUsage.projectId, projectId), inArray(flagUsage.flagKey, flagKeys)));
}

/**
 * One statement for any number of reports: each column travels as one array parameter. Reports naming a flag the
 * project does not have (deleted, never created) or an environment deleted meanwhile are left out by the joins, so
 * usage never outgrows the flags themselves. Rows are written in key order, so concurrent statements lock them in the
 * same order and cannot deadlock; the caller sends each (environment, flag) once, as one statement may update a row
 * only once.
 */
export async function upsertFlagUsage(db: Database, reports: FlagUsageReport[], at: Date): Promise<void> {
  if (reports.length === 0) return;
  const ordered = reports.toSorted(
    (a, b) => a.environmentId.localeCompare(b.environmentId) || a.flagKey.localeCompare(b.flagKey),
  );
  await db.execute(sql`
    insert into flag_usage (environment_id, flag_key, project_id, last_evaluated_at)
    select environment.id, flag.key, flag.project_id, ${at.toISOString()}::timestamptz
    from unnest(
      ${sql.param(ordered.map((report) => report.projectId))}::text[],
      ${sql.param(ordered.map((report) => report.environmentId))}::text[],
      ${sql.param(ordered.map((report) => report.flagKey))}::text[]
    ) with ordinality as report(project_id, environment_id, flag_key, position)
    join environment on environment.id = report.environment_id and environment.project_id = report.project_id
    join flag on flag.project_id = report.project_id and flag.key = report.flag_key
    order by report.position
    on conflict (environment_id, flag_key) do update
      set last_evaluated_at = greatest(flag_usage.last_evaluated_at, excluded.last_evaluated_at)`);
}

export async function insertFlag(
  tx: Database,
  row: Pick<Flag, 'id' | 'projectId' | 'key' | 'name' | 'type' | 'variants' | 'defaultVariant' | 'offVariant'> &
    Partial<Pick<Flag, 'description' | 'tags' | 'metadata' | 'archivedAt'>>,
): Promise<void> {
  await tx.insert(flag).values(row);
}

export async function updateFlagRow(
  tx: Database,
  id: string,
  changes: Partial<
    Pick<Flag, 'name' | 'description' | 'variants' | 'defaultVariant' | 'offVariant' | 'tags' | 'metadata'>
  >,
): Promise<void> {
  await tx
    .update(flag)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(flag.id, id));
}

export async function deleteFlagRow(tx: Database, id: string): Promise<void> {
  await tx.delete(flag).where(eq(flag.id, id));
}

export async function upsertFlagEnvironment(
  tx: Database,
  row: { flagId: string; environmentId: string; enabled: boolean; rules: FlagRule[]; prerequisites: Prerequisite[] },
): Promise<void> {
  const { enabled, rules, prerequisites } = row;
  await tx
    .insert(flagEnvironment)
    .values(row)
    .onConflictDoUpdate({
      target: [flagEnvironment.flagId, flagEnvironment.environmentId],
      set: { enabled, rules, prerequisites, updatedAt: new Date() },
    });
}

export async function markFlagArchived(tx: Database, id: string, archivedAt: Date | null): Promise<void> {
  await tx.update(flag).set({ archivedAt, updatedAt: new Date() }).where(eq(flag.id, id));
}

/** Each environment's rules of every flag (archived ones too) with a rule serving the experiment, by flag key. */
export async function selectRulesServingExperiment(
  db: Database,
  projectId: string,
  experimentKey: string,
): Promise<{ flagKey: string; environmentKey: string; rules: FlagRule[] }[]> {
  const serving = JSON.stringify([{ serve: { kind: 'experiment', experiment: experimentKey } }]);
  return db
    .select({ flagKey: flag.key, environmentKey: environment.key, rules: flagEnvironment.rules })
    .from(flagEnvironment)
    .innerJoin(flag, eq(flag.id, flagEnvironment.flagId))
    .innerJoin(environment, eq(environment.id, flagEnvironment.environmentId))
    .where(and(eq(flag.projectId, projectId), sql`${flagEnvironment.rules} @> ${serving}::jsonb`))
    .orderBy(asc(flag.key), asc(environment.key));
}

/** The latest time an SDK reported evaluating any of the project's flags, in any environment. */
export async function selectLastFlagEvaluation(db: Database, projectId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(flagUsage.lastEvaluatedAt) })
    .from(flagUsage)
    .where(eq(flagUsage.projectId, projectId));
  return row?.at ?? null;
}

/** Every flag's prerequisites (archived flags too) in every environment of the project, or in one of them. */
export async function selectPrerequisites(
  db: Database,
  projectId: string,
  environmentId?: string,
): Promise<PrerequisiteRow[]> {
  return db
    .select({ flagKey: flag.key, environmentKey: environment.key, prerequisites: flagEnvironment.prerequisites })
    .from(flagEnvironment)
    .innerJoin(flag, eq(flag.id, flagEnvironment.flagId))
    .innerJoin(environment, eq(environment.id, flagEnvironment.environmentId))
    .where(
      and(
        eq(flag.projectId, projectId),
        sql`jsonb_array_length(${flagEnvironment.prerequisites}) > 0`,
        environmentId === undefined ? undefined : eq(flagEnvironment.environmentId, environmentId),
      ),
    )
    .orderBy(asc(flag.key), asc(environment.key));
}

/** Every flag of the project (archived ones too) with its variant keys: what prerequisites may name. */
export async function selectFlagVariantKeys(
  db: Database,
  projectId: string,
): Promise<{ key: string; variants: { key: string }[]; archived: boolean }[]> {
  return db
    .select({ key: flag.key, variants: flag.variants, archived: sql<boolean>`${flag.archivedAt} is not null` })
    .from(flag)
    .where(eq(flag.projectId, projectId));
}
