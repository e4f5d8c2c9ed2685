import type { CreateLayerBody, UpdateLayerBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import { firstFit, freeRanges, largestFree } from './slots';
import { deleteLayerRow, insertLayer, selectLayer, selectLayerMembers, selectLayers, updateLayerRow } from './store';
import type { HeldRange, Layer, LayerMember, LayerWithSlots, SlotRange } from './types';

export type { Layer, LayerWithSlots, SlotRange } from './types';

const snapshot = (layer: Layer) => ({ key: layer.key, name: layer.name, description: layer.description });

const audit = (tx: Database, acting: Acting, action: string, layer: Layer, before: unknown, after: unknown) =>
  recordAudit(tx, {
    ...acting,
    projectId: layer.projectId,
    action,
    entityType: 'layer',
    entityId: layer.id,
    before,
    after,
  });

const heldRange = (member: LayerMember): HeldRange | null =>
  member.slotStart === null || member.slotEnd === null
    ? null
    : {
        experiment: member.key,
        name: member.name,
        status: member.status,
        start: member.slotStart,
        end: member.slotEnd,
      };

function withSlots(layer: Layer, members: LayerMember[]): LayerWithSlots {
  const own = members.filter((member) => member.layerId === layer.id);
  const slots = own
    .map(heldRange)
    .filter((range) => range !== null)
    .sort((a, b) => a.start - b.start);
  return {
    ...layer,
    slots,
    free: freeRanges(slots),
    experiments: own.filter((member) => heldRange(member) === null).map((member) => member.key),
  };
}

/** Ordered by key, each with its slot map. */
export async function listLayers(db: Database, projectId: string): Promise<LayerWithSlots[]> {
  const layers = await selectLayers(db, projectId);
  const members = await selectLayerMembers(
    db,
    projectId,
    layers.map((layer) => layer.id),
  );
  return layers.map((layer) => withSlots(layer, members));
}

async function findLayer(db: Database, projectId: string, key: string, lock?: 'update'): Promise<Layer> {
  const layer = await selectLayer(db, projectId, { key }, lock);
  if (!layer) throw notFound('Layer');
  return layer;
}

export async function getLayer(db: Database, projectId: string, key: string): Promise<LayerWithSlots> {
  const layer = await findLayer(db, projectId, key);
  return withSlots(layer, await selectLayerMembers(db, projectId, [layer.id]));
}

/**
 * For a use case about to make an experiment refer to the layer: the layer, held until its transaction ends so a
 * concurrent delete waits and then sees the new reference; null when the project has no such layer.
 */
export const holdLayer = (tx: Database, projectId: string, key: string): Promise<Layer | null> =>
  selectLayer(tx, projectId, { key }, 'share');

export async function createLayer(
  tx: Database,
  acting: Acting,
  projectId: string,
  input: CreateLayerBody,
): Promise<LayerWithSlots> {
  if (await selectLayer(tx, projectId, { key: input.key })) {
    throw conflict(`This project already has a layer with key "${input.key}"`);
  }
  await insertLayer(tx, { id: newId(), projectId, ...input });
  const layer = await findLayer(tx, projectId, input.key);
  await audit(tx, acting, 'layer.created', layer, null, snapshot(layer));
  return withSlots(layer, []);
}

export async function updateLayer(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  changes: UpdateLayerBody,
): Promise<LayerWithSlots> {
  const before = await findLayer(tx, projectId, key, 'update');
  await updateLayerRow(tx, before.id, changes);
  await audit(tx, acting, 'layer.updated', before, snapshot(before), snapshot({ ...before, ...changes }));
  return getLayer(tx, projectId, key);
}

/** Refused while any experiment refers to it, whatever its status: a stopped one may be analysed by its layer. */
export async function deleteLayer(tx: Database, acting: Acting, projectId: string, key: string): Promise<void> {
  // Locked first: an experiment being saved into it either commits before the check, or finds it gone.
  const layer = await findLayer(tx, projectId, key, 'update');
  const members = await selectLayerMembers(tx, projectId, [layer.id]);
  if (members.length > 0) {
    const experiments = members.map((member) => member.key);
    const names = experiments.map((name) => `"${name}"`).join(', ');
    throw new AppError('conflict', `Layer "${key}" is still used by experiments ${names}`, { experiments });
  }
  await deleteLayerRow(tx, layer.id);
  await audit(tx, acting, 'layer.deleted', layer, snapshot(layer), null);
}

/**
 * Reserves `size` contiguous slots for an experiment starting in the layer: the first free range large enough,
 * ordered by start. The layer row stays locked until the transaction ends, so two starts never take the same slots.
 */
export async function reserveSlots(tx: Database, projectId: string, layerId: string, size: number): Promise<SlotRange> {
  const layer = await selectLayer(tx, projectId, { id: layerId }, 'update');
  if (!layer) throw notFound('Layer');
  const held = (await selectLayerMembers(tx, projectId, [layerId])).map(heldRange).filter((range) => range !== null);
  const range = firstFit(held, size);
  if (range) return range;
  throw conflict(
    `Layer "${layer.key}" has no room: ${size} slots needed, the largest free range has ${largestFree(held)}`,
  );
}
