import type { Database } from '../../db/client';
import { selectSegments } from './store';
import type { Segment } from './types';

export type { Segment } from './types';

/** Ordered by key. */
export const listSegments = (db: Database, projectId: string): Promise<Segment[]> => selectSegments(db, projectId);
