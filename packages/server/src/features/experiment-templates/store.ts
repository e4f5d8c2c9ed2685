import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { experimentTemplate, user } from '../../db/schema';
import type { ExperimentTemplate } from './types';

/** A template with its creator's name and email, when the creator still has an account. */
export type TemplateRow = ExperimentTemplate & { creator: { id: string; email: string; name: string } | null };

const selectRows = (db: Database) =>
  db
    .select({ ...getTableColumns(experimentTemplate), creatorEmail: user.email, creatorName: user.name })
    .from(experimentTemplate)
    .leftJoin(user, eq(user.id, experimentTemplate.createdBy));

type SelectedRow = Awaited<ReturnType<typeof selectRows>>[number];
const toRow = ({ creatorEmail, creatorName, ...row }: SelectedRow): TemplateRow => ({
  ...row,
  creator:
    row.createdBy && creatorEmail !== null ? { id: row.createdBy, email: creatorEmail, name: creatorName! } : null,
});

/** Ordered by name, then key. */
export async function selectTemplates(db: Database, projectId: string): Promise<TemplateRow[]> {
  const rows = await selectRows(db)
    .where(eq(experimentTemplate.projectId, projectId))
    .orderBy(asc(experimentTemplate.name), asc(experimentTemplate.key));
  return rows.map(toRow);
}

export async function selectTemplate(
  db: Database,
  projectId: string,
  key: string,
  options: { lock?: boolean } = {},
): Promise<TemplateRow | null> {
  const query = selectRows(db).where(and(eq(experimentTemplate.projectId, projectId), eq(experimentTemplate.key, key)));
  // Only the template's own row is locked: the creator's account is not being changed.
  const [row] = options.lock ? await query.for('update', { of: experimentTemplate }) : await query;
  return row ? toRow(row) : null;
}

export async function insertTemplate(
  tx: Database,
  row: Omit<ExperimentTemplate, 'createdAt' | 'updatedAt'>,
): Promise<void> {
  await tx.insert(experimentTemplate).values(row);
}

export async function updateTemplateRow(
  tx: Database,
  id: string,
  changes: Partial<Pick<ExperimentTemplate, 'name' | 'description' | 'settings'>>,
): Promise<void> {
  await tx
    .update(experimentTemplate)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(experimentTemplate.id, id));
}

export async function deleteTemplateRow(tx: Database, id: string): Promise<void> {
  await tx.delete(experimentTemplate).where(eq(experimentTemplate.id, id));
}
