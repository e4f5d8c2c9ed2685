import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { experiment, layer } from '../../db/schema';
import type { Layer, LayerMember } from './types';

export async function selectLayers(db: Database, projectId: string): Promise<Layer[]> {
  return db.select().from(layer).where(eq(layer.projectId, projectId)).orderBy(asc(layer.key));
}

/**
 * `update` locks the row for a change (a slot reservation, an edit, a delete); `share` keeps it from being deleted
 * while a new experiment comes to refer to it.
 */
export async function selectLayer(
  db: Database,
  projectId: string,
  where: { key: string } | { id: string },
  lock?: 'update' | 'share',
): Promise<Layer | null> {
  const match = 'key' in where ? eq(layer.key, where.key) : eq(layer.id, where.id);
  const query = db
    .select()
    .from(layer)
    .where(and(eq(layer.projectId, projectId), match));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function insertLayer(
  tx: Database,
  row: Pick<Layer, 'id' | 'projectId' | 'key' | 'name'> & Partial<Pick<Layer, 'description'>>,
): Promise<void> {
  await tx.insert(layer).values(row);
}

export async function updateLayerRow(
  tx: Database,
  id: string,
  changes: Partial<Pick<Layer, 'name' | 'description'>>,
): Promise<void> {
  await tx
    .update(layer)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(layer.id, id));
}

export async function deleteLayerRow(tx: Database, id: string): Promise<void> {
  await tx.delete(layer).where(eq(layer.id, id));
}

/** The experiments that refer to these layers, whatever their status, ordered by key. */
export async function selectLayerMembers(db: Database, projectId: string, layerIds: string[]): Promise<LayerMember[]> {
  if (layerIds.length === 0) return [];
  const rows = await db
    .select({
      layerId: experiment.layerId,
      key: experiment.key,
      name: experiment.name,
      status: experiment.status,
      slotStart: experiment.slotStart,
      slotEnd: experiment.slotEnd,
    })
    .from(experiment)
    .where(and(eq(experiment.projectId, projectId), inArray(experiment.layerId, layerIds)))
    .orderBy(asc(experiment.key));
  return rows.map((row) => ({ ...row, layerId: row.layerId! }));
}
