import { evaluateRequestSchema, evaluateResponseSchema, sdkPayloadSchema } from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { allowPreflight } from '../../http/cors';
import { sendPrecompressed } from '../../http/precompressed';
import { noContent, withErrors } from '../../http/schemas';
import { serveSdkJson } from '../../http/sdk-json';
import { servedUsage } from '../flag-usage/service';
import { evaluate, exposureRows } from './evaluate';
import { lastEventIdOf, startEventStream } from './event-stream';
import { FROM_MEMORY_HEADER, markIfFromMemory } from './from-memory';
import { createStreamHub } from './stream-hub';

const params = z.object({ clientKey: z.string().max(200) });
const tags = ['sdk'];
const PAYLOAD = '/sdk/v1/payload/:clientKey';
const STREAM = '/sdk/v1/stream/:clientKey';
const EVALUATE = '/sdk/v1/evaluate/:clientKey';

/**
 * What SDKs read: the payload (polling with ETags), the stream of payload changes, and online evaluation. All are
 * served from one in-memory snapshot per environment, rebuilt once after each change.
 */
export const sdkPayloadRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { clientKeys, payloads: cache, eventWriter, loggedExposures, monitoring },
) => {
  const streams = createStreamHub(cache, (clientKey) => clientKeys.opens(clientKey), app.log);
  monitoring.watchStreams('sdk', () => streams.size);
  // Open streams would keep the server from closing.
  app.addHook('preClose', (done) => {
    streams.close();
    done();
  });

  // Exposed so a browser SDK can keep the ETag of its stored payload and send it back as If-None-Match.
  serveSdkJson(app, ['etag', 'retry-after', FROM_MEMORY_HEADER]);
  allowPreflight(app, PAYLOAD, { methods: ['GET'], headers: ['if-none-match'] });
  allowPreflight(app, STREAM, { methods: ['GET'], headers: ['last-event-id', 'cache-control'] });
  allowPreflight(app, EVALUATE, { methods: ['POST'], headers: ['content-type'] });

  app.get(
    PAYLOAD,
    {
      config: { access: 'public' },
      // The hottest route of the server: two log lines per request would cost more than serving it.
      logLevel: 'warn',
      schema: {
        tags,
        summary: "An environment's flags, segments and running experiments, to evaluate locally",
        params,
        response: withErrors({ 200: sdkPayloadSchema, 304: noContent }),
      },
    },
    async (request, reply) => {
      const grant = await clientKeys.resolve(request.params.clientKey);
      clientKeys.recordUse(grant);
      const snapshot = await cache.get(grant);
      markIfFromMemory(reply, cache, grant);
      // Stored, but revalidated on every use: the ETag makes that a 304 until something changes.
      reply.header('cache-control', 'no-cache');
      return sendPrecompressed(request, reply, snapshot.body, 'application/json; charset=utf-8');
    },
  );

  app.get(
    STREAM,
    {
      config: { access: 'public' },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Server-sent events: `payload` with the whole payload on connect and after every change',
        params,
      },
    },
    async (request, reply) => {
      const grant = await clientKeys.resolve(request.params.clientKey);
      clientKeys.recordUse(grant);
      const snapshot = await cache.get(grant);
      markIfFromMemory(reply, cache, grant);
      startEventStream(reply);
      streams.open(grant, reply.raw, snapshot, {
        lastEventId: lastEventIdOf(request),
        clientKey: request.params.clientKey,
      });
    },
  );

  app.post(
    EVALUATE,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "One unit's flags and experiments, computed by the server (online retrieval)",
        params,
        body: evaluateRequestSchema,
        response: withErrors({ 200: evaluateResponseSchema }),
      },
    },
    async (request, reply) => {
      const grant = await clientKeys.resolve(request.params.clientKey);
      const snapshot = await cache.get(grant);
      markIfFromMemory(reply, cache, grant);
      const { response, exposures } = evaluate(snapshot, request.body);
      const logged = request.body.logExposure
        ? loggedExposures.unlogged(exposureRows(grant, snapshot, request.body, exposures))
        : [];
      // Keys not found are counted too: they are listed as unknown flags.
      const usage = servedUsage(grant, Object.values(response.flags));
      const stored = eventWriter.write(logged, usage);
      // Answered only once stored: the caller asked for these exposures, so it may retry rather than lose them. Flag
      // usage alone never fails an evaluation.
      await (logged.length > 0
        ? stored.then(() => loggedExposures.remember(logged))
        : stored.catch((error) => request.log.warn({ err: error }, 'flag usage not recorded')));
      return response;
    },
  );
};
