import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { segment } from '../../db/schema';
import type { Segment } from './types';

export async function selectSegments(db: Database, projectId: string): Promise<Segment[]> {
  return db.select().from(segment).where(eq(segment.projectId, projectId)).orderBy(asc(segment.key));
}

export async function insertSegment(
  tx: Database,
  row: Pick<Segment, 'id' | 'projectId' | 'key' | 'name' | 'conditions'> & Partial<Pick<Segment, 'description'>>,
): Promise<void> {
  await tx.insert(segment).values(row);
}
