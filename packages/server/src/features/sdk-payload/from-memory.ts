import type { FastifyReply } from 'fastify';
import type { PayloadScope } from './builder';
import type { PayloadCache } from './payload-cache';

/**
 * Set on an SDK answer made from the payload held in memory because the database does not answer: SDKs and
 * operators can tell that changes made meanwhile are not in it.
 */
export const FROM_MEMORY_HEADER = 'x-tabula-database';

export function markIfFromMemory(reply: FastifyReply, payloads: PayloadCache, scope: PayloadScope): void {
  if (payloads.servedFromMemoryOnly(scope)) reply.header(FROM_MEMORY_HEADER, 'unavailable');
}
