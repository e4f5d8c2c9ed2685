import type { Condition, CreateSegmentBody, SegmentUsage, UpdateSegmentBody } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { type Acting, recordAudit } from '../audit/service';
import { protectedEnvironmentsAmong } from '../project-access/service';
import {
  deleteSegmentRow,
  insertSegment,
  selectSegment,
  selectSegmentKeys,
  selectSegments,
  selectSegmentUsage,
  updateSegmentRow,
} from './store';
import type { Segment } from './types';

export type { Segment } from './types';

/** What the audit log keeps of a segment: what a reader compares between before and after. */
const snapshot = (segment: Segment) => ({
  key: segment.key,
  name: segment.name,
  description: segment.description,
  conditions: segment.conditions,
});

const audit = (tx: Database, acting: Acting, action: string, segment: Segment, before: unknown, after: unknown) =>
  recordAudit(tx, {
    ...acting,
    projectId: segment.projectId,
    action,
    entityType: 'segment',
    entityId: segment.id,
    before,
    after,
  });

/** Ordered by key. */
/** The flag rules and experiments that refer to a segment. */
export const segmentUsage = (db: Database, projectId: string, key: string): Promise<SegmentUsage[]> =>
  selectSegmentUsage(db, projectId, key);

export const listSegments = (db: Database, projectId: string): Promise<Segment[]> => selectSegments(db, projectId);

/**
 * For a use case about to refer to segments: the keys that exist, held until its transaction ends, so a
 * concurrent delete waits and then sees the new reference.
 */
export const holdSegmentKeys = (tx: Database, projectId: string): Promise<string[]> =>
  selectSegmentKeys(tx, projectId, 'share');

export async function getSegment(db: Database, projectId: string, key: string, lock = false): Promise<Segment> {
  const segment = await selectSegment(db, projectId, key, { lock });
  if (!segment) throw notFound('Segment');
  return segment;
}

export async function createSegment(
  tx: Database,
  acting: Acting,
  projectId: string,
  input: CreateSegmentBody,
): Promise<Segment> {
  if (await selectSegment(tx, projectId, input.key)) {
    throw conflict(`This project already has a segment with key "${input.key}"`);
  }
  const conditions: Condition[] = input.conditions;
  await insertSegment(tx, { id: newId(), projectId, ...input, conditions });
  const segment = await getSegment(tx, projectId, input.key);
  await audit(tx, acting, 'segment.created', segment, null, snapshot(segment));
  return segment;
}

export async function updateSegment(
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
  changes: UpdateSegmentBody,
): Promise<Segment> {
  const before = await getSegment(tx, projectId, key, true);
  const after = await updateSegmentRow(tx, before.id, changes);
  await audit(tx, acting, 'segment.updated', after, snapshot(before), snapshot(after));
  return after;
}

/** Refused while a flag rule or an experiment refers to it: they would silently stop matching anyone. */
export async function deleteSegment(tx: Database, acting: Acting, projectId: string, key: string): Promise<void> {
  // Locked first: a rule being saved that refers to it either commits before the usage check, or finds it gone.
  const segment = await getSegment(tx, projectId, key, true);
  const usage = await selectSegmentUsage(tx, projectId, key);
  if (usage.length > 0) {
    throw new AppError('conflict', `Segment "${key}" is in use: remove it from these first`, usage);
  }
  await deleteSegmentRow(tx, segment.id);
  await audit(tx, acting, 'segment.deleted', segment, snapshot(segment), null);
}

/**
 * A segment edit reaches the environments whose flag rules refer to it, and every environment when a live
 * experiment targets it.
 */
export async function segmentReachOf(db: Database, projectId: string, segmentKey: string) {
  const usage = await segmentUsage(db, projectId, segmentKey);
  const live = usage.some((use) => use.kind === 'experiment' && (use.status === 'running' || use.status === 'paused'));
  const environments = usage.flatMap((use) => (use.environment ? [use.environment] : []));
  return protectedEnvironmentsAmong(db, projectId, live ? 'all' : environments);
}
