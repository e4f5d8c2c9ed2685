import { CSRF_HEADER } from '@tabula/protocol';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const PREFLIGHT_MAX_AGE_SECONDS = 86_400;
const API_PATH = /^\/api\//;

export type ConsoleOrigins = Pick<Config, 'publicUrl' | 'editions'>;

/** What a browser says about the page a request comes from. */
export interface SourceHeaders {
  origin?: string;
  referer?: string;
}

/**
 * The page a browser names as a request's source: its Origin, or its Referer when a privacy setting drops Origin.
 * Undefined when it names none (a script, a server); null when it names one we cannot judge (an opaque "null" origin,
 * an extension, garbage).
 */
function sourcePage(headers: SourceHeaders): URL | null | undefined {
  const address = headers.origin ?? headers.referer;
  if (address === undefined) return undefined;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const isConsolePage = (source: URL, allowed: ConsoleOrigins) =>
  source.origin === new URL(allowed.publicUrl).origin || Object.hasOwn(allowed.editions, source.hostname);

/** Whether a request comes from a console page: the public URL's origin, or any host the editions map names (spec §1). */
export function isConsoleOrigin(headers: SourceHeaders, allowed: ConsoleOrigins): boolean {
  const source = sourcePage(headers);
  return !!source && isConsolePage(source, allowed);
}

/** A console page, or a page of the host the request goes to. */
const isOwn = (source: URL | null | undefined, host: string, allowed: ConsoleOrigins) =>
  !!source && (source.host === host || isConsolePage(source, allowed));

/**
 * Whether a browser page names itself as the request's source and is a console page, or a page of the host it sends
 * to: the console opened at another of the server's addresses (127.0.0.1 beside a public URL on localhost).
 */
export function isOwnPage(headers: SourceHeaders & { host: string }, allowed: ConsoleOrigins): boolean {
  return isOwn(sourcePage(headers), headers.host, allowed);
}

/**
 * CSRF, beside the token: a browser page may write with the session cookie only if it is one of our own pages. A
 * cookie domain sends the cookie from every sibling host of the site, console or not. A request that names no page
 * comes from no browser page, and the token alone decides.
 */
export function isForeignPage(headers: SourceHeaders & { host: string }, allowed: ConsoleOrigins): boolean {
  const source = sourcePage(headers);
  return source !== undefined && !isOwn(source, headers.host, allowed);
}

/**
 * Spec §4: the environment tag picks the API host a console calls, which may be a sibling host of the one serving the
 * page. Such a console may call the API with its cookie; any other origin gets no CORS grant, so its pages can neither
 * read answers nor send the CSRF token that writes need. Registered before the access check, so that a console can
 * read why a call was refused (a 401 sends it to sign in).
 */
export function allowConsoleOrigins(app: FastifyInstance, allowed: ConsoleOrigins): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (API_PATH.test(request.url)) {
      // The answer depends on the Origin whether or not it is granted; a shared cache must keep them apart.
      reply.header('vary', 'Origin');
      const { origin } = request.headers;
      if (origin && isConsoleOrigin({ origin }, allowed)) {
        reply.headers({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' });
      }
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
