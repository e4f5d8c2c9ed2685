import type { SegmentUsage } from '@tabula/protocol';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { environment, experiment, flag, flagEnvironment, segment } from '../../db/schema';
import type { Segment } from './types';

export async function selectSegments(db: Database, projectId: string): Promise<Segment[]> {
  return db.select().from(segment).where(eq(segment.projectId, projectId)).orderBy(asc(segment.key));
}

/** Keys only; `share` holds the rows until the transaction ends, so none is deleted from under a new reference. */
export async function selectSegmentKeys(db: Database, projectId: string, lock?: 'share'): Promise<string[]> {
  const query = db.select({ key: segment.key }).from(segment).where(eq(segment.projectId, projectId));
  const rows = lock ? await query.for(lock) : await query;
  return rows.map((row) => row.key);
}

export async function selectSegment(
  db: Database,
  projectId: string,
  key: string,
  options: { lock?: boolean } = {},
): Promise<Segment | null> {
  const query = db
    .select()
    .from(segment)
    .where(and(eq(segment.projectId, projectId), eq(segment.key, key)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertSegment(
  tx: Database,
  row: Pick<Segment, 'id' | 'projectId' | 'key' | 'name' | 'conditions'> & Partial<Pick<Segment, 'description'>>,
): Promise<void> {
  await tx.insert(segment).values(row);
}

export async function updateSegmentRow(
  tx: Database,
  id: string,
  changes: Partial<Pick<Segment, 'name' | 'description' | 'conditions'>>,
): Promise<Segment> {
  const [row] = await tx
    .update(segment)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(segment.id, id))
    .returning();
  return row!;
}

export async function deleteSegmentRow(tx: Database, id: string): Promise<void> {
  await tx.delete(segment).where(eq(segment.id, id));
}

/** Flag rules (archived flags too: they can be restored) and experiments that refer to the segment. */
export async function selectSegmentUsage(tx: Database, projectId: string, key: string): Promise<SegmentUsage[]> {
  const rules = await tx
    .select({ flag: flag.key, environment: environment.key, rules: flagEnvironment.rules })
    .from(flagEnvironment)
    .innerJoin(flag, eq(flag.id, flagEnvironment.flagId))
    .innerJoin(environment, eq(environment.id, flagEnvironment.environmentId))
    .where(eq(flag.projectId, projectId))
    .orderBy(asc(flag.key), asc(environment.key));
  const experiments = await tx
    .select({ key: experiment.key, segments: experiment.segments, status: experiment.status })
    .from(experiment)
    .where(eq(experiment.projectId, projectId))
    .orderBy(asc(experiment.key));
  return [
    ...rules.flatMap((row) =>
      row.rules
        .filter((rule) => rule.segments.includes(key))
        .map((rule) => ({ kind: 'flag' as const, key: row.flag, environment: row.environment, rule: rule.id })),
    ),
    ...experiments
      .filter((row) => row.segments.includes(key))
      .map((row) => ({ kind: 'experiment' as const, key: row.key, status: row.status })),
  ];
}
