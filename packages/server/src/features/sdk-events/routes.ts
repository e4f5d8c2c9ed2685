import { eventBatchResultSchema, eventBatchSchema, MAX_EVENTS_PER_BATCH } from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, invalidField } from '../../http/app-error';
import { allowPreflight } from '../../http/cors';
import { safeJsonParser } from '../../http/hostile-input';
import { withErrors } from '../../http/schemas';
import { serveSdkJson } from '../../http/sdk-json';
import { findUnstorable } from '../../lib/unstorable-text';
import { usageOf } from '../flag-usage/service';
import { requestDimensions } from './dimensions/exposure-dimensions';
import { readEvents } from './service';

const params = z.object({ clientKey: z.string().max(200) });
const EVENTS = '/sdk/v1/events/:clientKey';
/** The wrapper, evaluations, a flag's variants and a count: the depth of valid usage. */
const USAGE_DEPTH = 5;

export const sdkEventRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { clientKeys, eventWriter, config }) => {
  // sendBeacon can only send text/plain without a preflight; its body is the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, safeJsonParser(app));
  serveSdkJson(app, ['retry-after']);
  allowPreflight(app, EVENTS, { methods: ['POST'], headers: ['content-type'] });

  app.post(
    EVENTS,
    {
      config: {
        access: 'public',
        // Each event is checked on its own (readEvents): one bad event is refused, the others kept.
        checksItemsItself: true,
        // Per key and address: one key serves every visitor of a site, so a limit per key alone would throttle
        // a busy site as a whole.
        rateLimit: {
          max: config.sdkEventRequestsPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request) => `${(request.params as { clientKey?: string }).clientKey}|${request.ip}`,
        },
      },
      logLevel: 'warn',
      schema: {
        tags: ['sdk'],
        summary:
          'Store a batch of exposure and track events and flag usage (application/json, or text/plain from sendBeacon)',
        params,
        body: eventBatchSchema,
        response: withErrors({ 202: eventBatchResultSchema }),
      },
    },
    async (request, reply) => {
      const { flags, evaluations, sdk } = request.body;
      const count = request.body.events.length;
      // The size limit answers 413, not 400 from validation: the batch is well formed, just too big.
      if (count > MAX_EVENTS_PER_BATCH) {
        throw new AppError(
          'payload_too_large',
          `A batch holds at most ${MAX_EVENTS_PER_BATCH} events; this one has ${count}: send it in parts`,
        );
      }
      // Usage is written with other batches' rows: text the database would refuse must not fail their statement.
      const unstorable = findUnstorable({ evaluations, sdk }, USAGE_DEPTH);
      if (unstorable) throw invalidField(unstorable.path.join('.'), `A text ${unstorable.problem}`);
      const grant = await clientKeys.resolve(request.params.clientKey);
      const dimensions = requestDimensions(request.headers, config.countryHeaders);
      const { rows, rejected } = readEvents(request.body.events, grant, dimensions);
      const usage = usageOf(grant, { flags, evaluations, sdk });
      // The batch now waits for its group's insert, and its parsed JSON is not needed meanwhile: let go, it is not
      // copied by every young-generation collection while it waits, which under load took a fifth of the server's time.
      (request as { body: unknown }).body = undefined;
      const { accepted, duplicates } = await eventWriter.write(rows, usage);
      return reply.status(202).send({ accepted, duplicates, rejected });
    },
  );
};
