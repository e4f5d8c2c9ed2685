import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { protectedEnvironmentsAmong } from '../project-access/service';
import { segmentUsage } from './service';

/**
 * A segment edit reaches the environments whose flag rules refer to it, and every environment when a live
 * experiment targets it.
 */
export const segmentReach = (db: Database) => async (request: FastifyRequest) => {
  const { projectId, segmentKey } = request.params as { projectId: string; segmentKey: string };
  const usage = await segmentUsage(db, projectId, segmentKey);
  const live = usage.some((use) => use.kind === 'experiment' && (use.status === 'running' || use.status === 'paused'));
  const environments = usage.flatMap((use) => (use.environment ? [use.environment] : []));
  return protectedEnvironmentsAmong(db, projectId, live ? 'all' : environments);
};
