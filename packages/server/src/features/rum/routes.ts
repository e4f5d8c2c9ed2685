import { apiCallBatchSchema, errorBatchSchema, SESSION_COOKIE, vitalBatchSchema } from '@tabula/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/app-error';
import { isOwnPage } from '../../http/console-origin';
import { noContent, withErrors } from '../../http/schemas';
import { setSessionCookie } from '../../http/session-cookie';
import { authenticateSession } from '../auth/service';
import { createRumIngest, type RumSender } from './service';

/** Thirty reports with full stacks fit with room to spare; anything bigger is not from our reporter. */
const RUM_BODY_LIMIT_BYTES = 128 * 1024;
const SIGNED_OUT: RumSender = { organizationId: null, userId: null };

/**
 * Spec §7: the console's reporter sends to collect (errors), whitelist (failed calls to the watched API hosts) and
 * speed (web vitals). No sign-in is needed — the sign-in page reports too — but only the console's own pages may send,
 * at whichever of the server's addresses they were opened.
 */
export const rumRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  const ingest = createRumIngest(db);

  app.addHook('onRequest', async (request) => {
    const { origin, referer } = request.headers;
    if (!isOwnPage({ origin, referer, host: request.host }, config)) {
      throw forbidden("Reports are accepted from the console's own pages only");
    }
  });

  async function senderOf(request: FastifyRequest, reply: FastifyReply): Promise<RumSender> {
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await authenticateSession(db, token) : null;
    if (!token || !found) return SIGNED_OUT;
    // The renewed expiry must reach the cookie too, or the browser would drop a session the database still keeps.
    if (found.renewedUntil) setSessionCookie(reply, config, { token, expiresAt: found.renewedUntil });
    return { organizationId: found.principal.organizationId, userId: found.principal.userId };
  }

  const limits = {
    bodyLimit: RUM_BODY_LIMIT_BYTES,
    logLevel: 'warn' as const,
    config: {
      access: 'public' as const,
      // Per address: the reporter is unauthenticated, so the address is all there is to hold back a flood.
      rateLimit: { max: config.rumRequestsPerMinute, timeWindow: 60_000 },
    },
  };
  const response = withErrors({ 204: noContent });
  const tags = ['rum'];

  app.post(
    '/api/rum/collect',
    {
      ...limits,
      schema: {
        tags,
        summary: 'Store uncaught errors, unhandled rejections and configuration problems of the console',
        body: errorBatchSchema,
        response,
      },
    },
    async (request, reply) => {
      await ingest.storeErrors(await senderOf(request, reply), request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/rum/whitelist',
    {
      ...limits,
      schema: {
        tags,
        summary: "Store the console's failed calls to the product's API hosts",
        body: apiCallBatchSchema,
        response,
      },
    },
    async (request, reply) => {
      await ingest.storeApiCalls(await senderOf(request, reply), request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/rum/speed',
    { ...limits, schema: { tags, summary: "Store the console's web vitals", body: vitalBatchSchema, response } },
    async (request, reply) => {
      await ingest.storeVitals(await senderOf(request, reply), request.body);
      return reply.status(204).send();
    },
  );
};
