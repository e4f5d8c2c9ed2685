import type { FlagListQuery, FlagRule } from '@tabula/protocol';
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
  not,
  or,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { flag, flagEnvironment, flagUsage } from '../../db/schema';
import type { EnvironmentFlag, Flag, FlagEnvironmentRow, FlagUsageRow } from './types';

/** Archived flags are left out; a flag without a row for the environment is off there, with no rules. */
export async function selectEnvironmentFlags(
  db: Database,
  projectId: string,
  environmentId: string,
): Promise<EnvironmentFlag[]> {
  const rows = await db
    .select({ ...getTableColumns(flag), enabled: flagEnvironment.enabled, rules: flagEnvironment.rules })
    .from(flag)
    .leftJoin(
      flagEnvironment,
      and(eq(flagEnvironment.flagId, flag.id), eq(flagEnvironment.environmentId, environmentId)),
    )
    .where(and(eq(flag.projectId, projectId), isNull(flag.archivedAt)))
    .orderBy(asc(flag.key));
  return rows.map((row) => ({ ...row, enabled: row.enabled ?? false, rules: row.rules ?? [] }));
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

export async function insertFlag(
  tx: Database,
  row: Pick<Flag, 'id' | 'projectId' | 'key' | 'name' | 'type' | 'variants' | 'defaultVariant' | 'offVariant'> &
    Partial<Pick<Flag, 'description' | 'tags' | 'archivedAt'>>,
): Promise<void> {
  await tx.insert(flag).values(row);
}

export async function updateFlagRow(
  tx: Database,
  id: string,
  changes: Partial<Pick<Flag, 'name' | 'description' | 'variants' | 'defaultVariant' | 'offVariant' | 'tags'>>,
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
  row: { flagId: string; environmentId: string; enabled: boolean; rules: FlagRule[] },
): Promise<void> {
  const { enabled, rules } = row;
  await tx
    .insert(flagEnvironment)
    .values(row)
    .onConflictDoUpdate({
      target: [flagEnvironment.flagId, flagEnvironment.environmentId],
      set: { enabled, rules, updatedAt: new Date() },
    });
}

export async function markFlagArchived(tx: Database, id: string, archivedAt: Date | null): Promise<void> {
  await tx.update(flag).set({ archivedAt, updatedAt: new Date() }).where(eq(flag.id, id));
}
