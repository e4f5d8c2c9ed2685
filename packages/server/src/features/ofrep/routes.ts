import { createHash } from 'node:crypto';
import {
  API_KEY_PREFIX,
  errorBodySchema,
  OFREP_PATHS,
  ofrepBulkSuccessSchema,
  ofrepFailureSchema,
  ofrepGeneralFailureSchema,
  ofrepSuccessSchema,
} from '@tabula/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { allowPreflight } from '../../http/cors';
import { withErrors } from '../../http/schemas';
import { serveSdkJson } from '../../http/sdk-json';
import type { ClientKeyGrant } from '../api-keys/service';
import { servedUsage } from '../flag-usage/service';
import { createStreamHub, evaluate, exposureRows, lastEventIdOf, startEventStream } from '../sdk-payload/service';
import { toOfrep } from './answer';
import { readOfrepContext } from './context';
import { INACTIVITY_DELAY_SEC, refetchEventOf } from './events';

const tags = ['ofrep'];
/**
 * OFREP's own error bodies, or the server's one error shape for what is refused before a route runs (a NUL in the
 * address, a body too large, the database away).
 */
const orServerError = (schema: z.ZodType) => z.union([schema, errorBodySchema]);
const CREDENTIAL_HEADERS = ['authorization', 'x-api-key'];

/** OFREP names the key either way: `Authorization: Bearer <key>` or `X-API-Key: <key>`. */
function credentialOf(request: FastifyRequest): string | null {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey !== '') return apiKey;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * OFREP's failures without a flag: 401 when no key came, 403 for a key that opens nothing (unknown or revoked). Other
 * failures (the database away) keep the server's own answer, 503 with Retry-After.
 */
async function grantOf(
  request: FastifyRequest,
  reply: FastifyReply,
  resolve: (key: string) => Promise<ClientKeyGrant>,
): Promise<ClientKeyGrant | null> {
  const key = credentialOf(request);
  if (!key) {
    void reply
      .status(401)
      .send({ errorDetails: 'Send a client or secret key as Authorization: Bearer <key> or X-API-Key' });
    return null;
  }
  try {
    return await resolve(key);
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== 'not_found' && error.code !== 'unauthorized')) throw error;
    void reply.status(403).send({ errorDetails: 'This key is unknown or revoked' });
    return null;
  }
}

/** The bulk answer changes only with the payload's revision or the context it was computed for. */
const bulkEtag = (revision: string, body: unknown) =>
  `"${createHash('sha256')
    .update(revision)
    .update('\n')
    .update(JSON.stringify(body ?? null))
    .digest('base64url')
    .slice(0, 27)}"`;

/**
 * The OpenFeature Remote Evaluation Protocol, so the official OFREP providers of every language read Tabula's flags.
 * Evaluation is the SDK core's, from the same in-memory payload the SDKs get.
 */
export const ofrepRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { clientKeys, payloads, eventWriter, loggedExposures, config, monitoring },
) => {
  /**
   * Per key and address, like event batches. A secret key is hashed so the limiter's memory holds no secret; a client
   * key is public and serves as it is.
   */
  const limiterKeyOf = (request: FastifyRequest) => {
    const credential = credentialOf(request) ?? '';
    const key = credential.startsWith(API_KEY_PREFIX.secret)
      ? createHash('sha256').update(credential).digest('base64url')
      : credential;
    return `${key}|${request.ip}`;
  };
  const limited = {
    access: 'public' as const,
    rateLimit: {
      max: config.ofrepRequestsPerMinute,
      timeWindow: 60_000,
      keyGenerator: limiterKeyOf,
      // Evaluations answer on every flag read of a service: the limit's three headers on each would be waste. Past it,
      // Retry-After says when to come back.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': true,
      },
    },
  };
  serveSdkJson(app, ['etag', 'retry-after']);
  const preflight = { methods: ['POST'], headers: [...CREDENTIAL_HEADERS, 'if-none-match', 'content-type'] };
  allowPreflight(app, OFREP_PATHS.single, preflight);
  allowPreflight(app, OFREP_PATHS.bulk, preflight);
  allowPreflight(app, OFREP_PATHS.events, { methods: ['GET'], headers: ['last-event-id', 'cache-control'] });
  const streams = createStreamHub(payloads, (clientKey) => clientKeys.opens(clientKey), app.log, refetchEventOf);
  monitoring.watchStreams('ofrep', () => streams.size);
  // Open streams would keep the server from closing.
  app.addHook('preClose', (done) => {
    streams.close();
    done();
  });

  /**
   * Web providers (client keys) are told where to hear of changes. EventSource cannot send headers, so the key is in
   * the address: a client key is public anyway, a secret key never goes there.
   */
  const eventStreamsFor = (request: FastifyRequest) => {
    const key = credentialOf(request);
    if (!key?.startsWith(API_KEY_PREFIX.client)) return undefined;
    const url = `${request.protocol}://${request.host}${OFREP_PATHS.events.replace(':clientKey', encodeURIComponent(key))}`;
    return [{ type: 'sse' as const, url, inactivityDelaySec: INACTIVITY_DELAY_SEC }];
  };

  /** Evaluates, and records what SDK evaluation records: flag usage, and the unit's exposures (once per unit). */
  async function evaluateFor(
    request: FastifyRequest,
    grant: ClientKeyGrant,
    flags: string[] | undefined,
    // Web providers poll the bulk route: an answer they already hold is neither computed nor recorded again.
    unchangedAt: (revision: string) => boolean = () => false,
  ) {
    const context = readOfrepContext(request.body);
    if (!context.ok) return { context, results: [] };
    const snapshot = await payloads.get(grant);
    const { revision } = snapshot.payload;
    if (unchangedAt(revision)) return { context, results: [], revision, unchanged: true };
    const unitId = context.targetingKey ?? '';
    const { response, exposures } = evaluate(snapshot, {
      unitId,
      attributes: context.attributes,
      flags,
      experiments: [],
      logExposure: false,
    });
    const results = Object.values(response.flags).map((details) => toOfrep(details));
    // Keys not found are counted too (unknown flags); other errors evaluated nothing.
    const served = results.filter((result) => !('errorCode' in result) || result.errorCode === 'FLAG_NOT_FOUND');
    const logged = context.targetingKey
      ? loggedExposures.unlogged(exposureRows(grant, snapshot, { unitId, attributes: context.attributes }, exposures))
      : [];
    await eventWriter
      .write(logged, servedUsage(grant, served))
      .then(() => loggedExposures.remember(logged))
      .catch((error) => request.log.warn({ err: error }, 'OFREP usage not recorded'));
    return { context, results, revision, unchanged: false };
  }

  app.post(
    OFREP_PATHS.single,
    {
      config: limited,
      schema: {
        tags,
        summary: 'OFREP: one flag for one evaluation context',
        params: z.object({ key: z.string().max(200) }),
        response: withErrors({
          200: ofrepSuccessSchema,
          400: orServerError(ofrepFailureSchema),
          401: ofrepGeneralFailureSchema,
          403: ofrepGeneralFailureSchema,
          404: orServerError(ofrepFailureSchema),
          429: errorBodySchema,
        }),
      },
    },
    async (request, reply) => {
      const grant = await grantOf(request, reply, clientKeys.resolveCredential);
      if (!grant) return reply;
      clientKeys.recordUse(grant);
      const { context, results } = await evaluateFor(request, grant, [request.params.key]);
      if (!context.ok)
        return reply
          .status(400)
          .send({ key: request.params.key, errorCode: context.errorCode, errorDetails: context.errorDetails });
      const [result] = results;
      if (!result) return reply.status(404).send({ key: request.params.key, errorCode: 'FLAG_NOT_FOUND' });
      if (!('errorCode' in result)) return result;
      return reply.status(result.errorCode === 'FLAG_NOT_FOUND' ? 404 : 400).send(result);
    },
  );

  app.post(
    OFREP_PATHS.bulk,
    {
      config: limited,
      schema: {
        tags,
        summary: 'OFREP: every flag of the environment for one evaluation context (ETag, 304)',
        response: withErrors({
          200: ofrepBulkSuccessSchema,
          304: z.undefined(),
          400: orServerError(ofrepGeneralFailureSchema),
          401: ofrepGeneralFailureSchema,
          403: ofrepGeneralFailureSchema,
          429: errorBodySchema,
        }),
      },
    },
    async (request, reply) => {
      const grant = await grantOf(request, reply, clientKeys.resolveCredential);
      if (!grant) return reply;
      clientKeys.recordUse(grant);
      const etagAt = (revision: string) => bulkEtag(revision, request.body);
      const { context, results, revision, unchanged } = await evaluateFor(
        request,
        grant,
        undefined,
        (at) => request.headers['if-none-match'] === etagAt(at),
      );
      if (!context.ok)
        return reply.status(400).send({ errorCode: context.errorCode, errorDetails: context.errorDetails });
      reply.header('etag', etagAt(revision ?? '')).header('cache-control', 'no-cache');
      if (unchanged) return reply.status(304).send();
      return { flags: results, eventStreams: eventStreamsFor(request) };
    },
  );

  app.get(
    OFREP_PATHS.events,
    {
      config: { access: 'public' },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary:
          'OFREP event stream: a `refetchEvaluation` message after every change of the environment’s flags (for web providers)',
        params: z.object({ clientKey: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const grant = await clientKeys.resolve(request.params.clientKey);
      clientKeys.recordUse(grant);
      const snapshot = await payloads.get(grant);
      startEventStream(reply);
      // A provider has just fetched what it holds: only a reconnecting one that missed a revision is told at once.
      streams.open(grant, reply.raw, snapshot, {
        lastEventId: lastEventIdOf(request) ?? snapshot.payload.revision,
        clientKey: request.params.clientKey,
      });
    },
  );
};
