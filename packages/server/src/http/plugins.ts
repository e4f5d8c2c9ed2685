import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { SESSION_COOKIE } from '@tabula/protocol';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { occasionalWarning } from '../lib/redis';
import { AppError } from './app-error';
import { registerPublicScope } from './public-scope';

/** The API hosts configured apart from the console's own origin, which 'self' covers. */
const apiOrigins = (config: Pick<Config, 'apiHosts'>) => [
  ...new Set(
    Object.values(config.apiHosts)
      .filter((host): host is string => host !== null)
      .map((host) => new URL(host).origin),
  ),
];

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The rate-limit plugin skips what Redis fails to answer without a word; this says so in the log. */
function warnOnFailure(redis: Redis, warn: (error: unknown) => void): Redis {
  const commands = new Set(['rateLimit', 'rateLimitRead']);
  return new Proxy(redis, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof property !== 'string' || !commands.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const callback = args.pop() as (error: Error | null, result: unknown) => void;
        return value.call(target, ...args, (error: Error | null, result: unknown) => {
          if (error) warn(error);
          callback(error, result);
        });
      };
    },
  });
}

export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  redis: Redis | null = null,
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // Spec §4: the console calls the API host its environment tag selects.
        connectSrc: ["'self'", ...apiOrigins(config)],
        // Over plain http (a LAN address, say) upgrading would break every asset.
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    // Also over plain http, where HSTS would lock browsers out of the instance.
    hsts: config.secureCookies,
  });
  // Nothing Tabula serves uses these; a page that gets script injected into it cannot use them either.
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.sdkJson) return;
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // What a signed-in caller reads is theirs: no shared cache, nor the browser's, keeps it.
    if (request.principal && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await app.register(fastifyCookie, { secret: config.secret });
  // Limits are declared per route (`config.rateLimit`); no blanket limit on the API.
  await app.register(fastifyRateLimit, {
    global: false,
    // Shared by every server process when Redis is configured; a Redis that fails lets requests through uncounted.
    ...(redis && {
      redis: warnOnFailure(
        redis,
        occasionalWarning(app.log, 'Redis failed: rate limits are not enforced until it is back'),
      ),
      nameSpace: 'rate-limit:',
      skipOnError: true,
    }),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many attempts: try again in ${context.after}`),
  });
}

export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Tabula API', version: config.releaseId },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          secretKey: { type: 'http', scheme: 'bearer', description: 'A secret API key (tbs_…)' },
        },
      },
      security: [{ session: [] }, { secretKey: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await registerPublicScope(app, async (scope) => {
    await scope.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });
}
