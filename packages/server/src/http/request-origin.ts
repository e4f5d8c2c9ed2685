import type { FastifyRequest } from 'fastify';

/** Where a sign-in came from, for the session list and the audit log. */
export const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
