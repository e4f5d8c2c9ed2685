import type { FastifyInstance } from 'fastify';

const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * The SDK endpoints are called from any site's pages with a public client key and no cookies, so any origin may
 * read them. Set for every response of the scope, errors included, so a page's SDK can read why it failed.
 * Helmet's `Cross-Origin-Resource-Policy: same-origin` would stop other sites' <script> tags and beacons, so where
 * Helmet runs the policy is opened; scopes that skip Helmet (`serveSdkJson`) need no policy at all.
 */
export function allowAnyOrigin(
  scope: FastifyInstance,
  exposeHeaders: string[] = [],
  options: { resourcePolicy: boolean } = { resourcePolicy: true },
): void {
  const headers: Record<string, string> = { 'access-control-allow-origin': '*' };
  if (options.resourcePolicy) headers['cross-origin-resource-policy'] = 'cross-origin';
  if (exposeHeaders.length > 0) headers['access-control-expose-headers'] = exposeHeaders.join(', ');
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** Answers the browser's CORS preflight for requests that send more than the CORS-safelisted headers. */
export function allowPreflight(
  scope: FastifyInstance,
  url: string,
  options: { methods: string[]; headers: string[] },
): void {
  const headers = {
    'access-control-allow-methods': options.methods.join(', '),
    'access-control-allow-headers': options.headers.join(', '),
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  };
  scope.options(url, { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' }, (_request, reply) =>
    reply.status(204).headers(headers).send(),
  );
}
