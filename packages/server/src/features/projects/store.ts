import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { environment, project } from '../../db/schema';
import type { Environment, Project } from './types';

type ProjectRow = typeof project.$inferSelect;

async function withEnvironments(db: Database, rows: ProjectRow[]): Promise<Project[]> {
  if (rows.length === 0) return [];
  const environments = await db
    .select()
    .from(environment)
    .where(
      inArray(
        environment.projectId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(environment.createdAt), asc(environment.key));
  return rows.map((row) => ({ ...row, environments: environments.filter((env) => env.projectId === row.id) }));
}

export async function selectProjects(db: Database, organizationId: string, onlyProjectId?: string): Promise<Project[]> {
  const conditions = [eq(project.organizationId, organizationId)];
  if (onlyProjectId) conditions.push(eq(project.id, onlyProjectId));
  const rows = await db
    .select()
    .from(project)
    .where(and(...conditions))
    .orderBy(asc(project.createdAt), asc(project.name));
  return withEnvironments(db, rows);
}

/** Locking the project row serialises changes to its environments (e.g. two deletes racing for the last one). */
export async function selectProject(db: Database, id: string, options = { lock: false }): Promise<Project | null> {
  const query = db.select().from(project).where(eq(project.id, id));
  const rows = options.lock ? await query.for('update') : await query;
  return (await withEnvironments(db, rows))[0] ?? null;
}

export async function selectProjectOrganization(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ organizationId: project.organizationId }).from(project).where(eq(project.id, id));
  return row?.organizationId ?? null;
}

export async function insertProject(
  tx: Database,
  row: Omit<ProjectRow, 'createdAt' | 'statistics' | 'staleAfterDays' | 'customScripts' | 'breakdownAttributes'>,
): Promise<void> {
  await tx.insert(project).values(row);
}

export async function updateProjectRow(
  tx: Database,
  id: string,
  changes: Partial<
    Pick<ProjectRow, 'name' | 'description' | 'statistics' | 'staleAfterDays' | 'customScripts' | 'breakdownAttributes'>
  >,
) {
  await tx.update(project).set(changes).where(eq(project.id, id));
}

export async function deleteProjectRow(tx: Database, id: string): Promise<void> {
  await tx.delete(project).where(eq(project.id, id));
}

export async function insertEnvironments(
  tx: Database,
  rows: Omit<Environment, 'createdAt' | 'payloadKey' | 'requiredApprovals'>[],
): Promise<Environment[]> {
  return tx.insert(environment).values(rows).returning();
}

export async function updateEnvironmentRow(
  tx: Database,
  id: string,
  changes: Partial<Pick<Environment, 'name' | 'payloadKey' | 'protected' | 'requiredApprovals'>>,
): Promise<Environment> {
  const [row] = await tx.update(environment).set(changes).where(eq(environment.id, id)).returning();
  return row!;
}

export async function deleteEnvironmentRow(tx: Database, id: string): Promise<void> {
  await tx.delete(environment).where(eq(environment.id, id));
}

export async function selectEnvironmentPayloadKey(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ payloadKey: environment.payloadKey }).from(environment).where(eq(environment.id, id));
  return row?.payloadKey ?? null;
}
