import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { protectedEnvironmentsAmong } from '../project-access/service';
import { getExperiment } from './queries';

/** Statuses in which an experiment is served to real users. */
const LIVE = new Set(['running', 'paused']);

/**
 * A running experiment is served in every environment, so starting one, or changing, stopping or re-randomising
 * one that is live, reaches every protected environment; a draft or a stopped one reaches none.
 */
export async function experimentReachOf(db: Database, projectId: string, key: string, starting: boolean) {
  if (!starting && !LIVE.has((await getExperiment(db, projectId, key)).status)) return [];
  return protectedEnvironmentsAmong(db, projectId, 'all');
}

export const experimentReach = (db: Database) => async (request: FastifyRequest) => {
  const { projectId, experimentKey } = request.params as { projectId: string; experimentKey: string };
  return experimentReachOf(db, projectId, experimentKey, request.url.endsWith('/start'));
};
