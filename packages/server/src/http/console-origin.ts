import { CSRF_HEADER } from '@tabula/protocol';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

export type ConsoleOrigins = Pick<Config, 'publicUrl' | 'editions'>;

function originOf(address: string | undefined): URL | null {
  if (!address) return null;
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/**
 * Whether a report comes from a console page this server serves: the public URL's origin, or any host the editions
 * map names (spec §1). Browsers send Origin with every POST; Referer stands in when a privacy setting drops it.
 */
export function isConsoleOrigin(headers: { origin?: string; referer?: string }, allowed: ConsoleOrigins): boolean {
  const source = originOf(headers.origin) ?? originOf(headers.referer);
  if (!source || (source.protocol !== 'http:' && source.protocol !== 'https:')) return false;
  if (source.origin === new URL(allowed.publicUrl).origin) return true;
  return Object.hasOwn(allowed.editions, source.hostname);
}

/**
 * Spec §4: the environment tag picks the API host a console calls, which may be another host of the same site than
 * the one serving the page. Such a console may call the API with its cookie; any other origin gets no CORS grant,
 * so its pages cannot read answers (and the CSRF token keeps them from writing).
 */
export function allowConsoleOrigins(app: FastifyInstance, allowed: ConsoleOrigins): void {
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin && request.url.startsWith('/api/') && isConsoleOrigin({ origin }, allowed)) {
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
      });
    }
    done();
  });
  app.options(
    '/api/*',
    { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' },
    (_request, reply) => {
      if (!reply.hasHeader('access-control-allow-origin')) return reply.status(403).send();
      return reply
        .status(204)
        .headers({
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
          'access-control-allow-headers': `content-type, ${CSRF_HEADER}`,
          'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
        })
        .send();
    },
  );
}
