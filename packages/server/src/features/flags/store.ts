import type { FlagRule } from '@tabula/protocol';
import { and, asc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { flag, flagEnvironment } from '../../db/schema';
import type { EnvironmentFlag, Flag } from './types';

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

export async function insertFlag(
  tx: Database,
  row: Pick<Flag, 'id' | 'projectId' | 'key' | 'name' | 'type' | 'variants' | 'defaultVariant' | 'offVariant'> &
    Partial<Pick<Flag, 'description' | 'tags' | 'archivedAt'>>,
): Promise<void> {
  await tx.insert(flag).values(row);
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
