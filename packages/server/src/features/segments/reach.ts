import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { segmentReachOf } from './service';

/** A segment edit's reach (`segmentReachOf`), asked of a request to its route. */
export const segmentReach = (db: Database) => async (request: FastifyRequest) => {
  const { projectId, segmentKey } = request.params as { projectId: string; segmentKey: string };
  return segmentReachOf(db, projectId, segmentKey);
};
