import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { notFoundBody } from '../../http/error-handler';
import { registerPublicScope } from '../../http/public-scope';
import { bundleParams, readBundle } from './i18n';
import { type PageValues, renderIndexHtml } from './render-index';

const NOT_BUILT = 'The console is not built: run `npm run build`, then restart the server. The API works meanwhile.';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Spec §9: the console caches translation resources for 1800 seconds. */
const BUNDLE_CACHE = 'public, max-age=1800';
const NOT_PAGES = /^\/(api|sdk|assets)(\/|$)/;
const MAX_PAGES = 32;

/** A browser navigating to a client route, as opposed to a script, an API call or a missing asset. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0]!;
  if (NOT_PAGES.test(path)) return false;
  const accept = request.headers.accept ?? '';
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return accept.includes('text/html') || (accept.includes('*/*') && !lastSegment.includes('.'));
}

/** Serves the built console, its translation bundles, and the history fallback for client routes. */
export async function registerConsole(app: FastifyInstance, config: Pick<Config, 'consoleDir'> & PageValues) {
  const indexFile = join(config.consoleDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  /** Per origin the console is opened at (API hosts not configured follow it); a handful at most. */
  const pages = new Map<string, string>();
  const pageFor = (request: FastifyRequest): string => {
    const origin = `${request.protocol}://${request.host}`;
    let page = pages.get(origin);
    if (page === undefined) {
      page = renderIndexHtml(template as string, config, origin);
      // Host names are the client's to choose: the cache stays bounded whatever they send.
      if (pages.size >= MAX_PAGES) pages.clear();
      pages.set(origin, page);
    }
    return page;
  };

  if (template !== null) {
    await registerPublicScope(app, async (scope) => {
      await scope.register(fastifyStatic, {
        root: config.consoleDir,
        index: false,
        cacheControl: false,
        // The raw index.html lacks the injected values; it is served through the fallback below.
        allowedPath: (path) => path !== '/index.html',
        setHeaders: (reply, path) => {
          reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
        },
      });
    });
  }

  app.get(
    '/i18n/:appId/:ns/:lng.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const params = bundleParams.safeParse(request.params);
      const bundle = params.success ? await readBundle(config.consoleDir, params.data) : null;
      if (bundle === null) return reply.status(404).send(notFoundBody(request));
      return reply.header('cache-control', BUNDLE_CACHE).type('application/json; charset=utf-8').send(bundle);
    },
  );

  const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
    template === null
      ? reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT)
      : reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pageFor(request));

  // The static files' wildcard would answer the root directory itself with 403.
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, sendPage);
  app.setNotFoundHandler((request, reply) =>
    wantsPage(request) ? sendPage(request, reply) : reply.status(404).send(notFoundBody(request)),
  );
}
