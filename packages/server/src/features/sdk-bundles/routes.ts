import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { SDK_SNIPPET_VERSIONS } from '../../constants';
import { allowAnyOrigin } from '../../http/cors';
import { type Precompressed, sendPrecompressed } from '../../http/precompressed';
import { loadSdkBundles, SDK_BUNDLE_FILE } from './service';

const NOT_BUILT = 'The SDK is not built: run `npm run build`, then restart the server.';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The unversioned name follows upgrades: pages pick up a new bundle within minutes. */
const SHORT_CACHE = 'public, max-age=300';
const JAVASCRIPT = 'application/javascript; charset=utf-8';

/**
 * The SDK bundle for snippets on any site: `/sdk/tabula.js` and one versioned name per snippet version; beside them,
 * the parts the bundle loads on demand (it resolves them against its own address, so all these names share the
 * folder). A part's name carries the hash of its content: it never changes, and is cached for good.
 */
export const sdkBundleRoutes: FastifyPluginAsync<Pick<Config, 'sdkDir'>> = async (app, { sdkDir }) => {
  // Read once at start: the bundle changes only with a new build, which comes with a restart.
  const bundles = await loadSdkBundles(sdkDir);
  allowAnyOrigin(app);

  const serve =
    (cacheControl: string, body: Precompressed | undefined) => (request: FastifyRequest, reply: FastifyReply) => {
      if (!body)
        return reply.status(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
      reply.header('cache-control', cacheControl);
      return sendPrecompressed(request, reply, body, JAVASCRIPT);
    };
  const route = { config: { access: 'public' as const }, schema: { hide: true }, logLevel: 'warn' as const };

  app.get(`/sdk/${SDK_BUNDLE_FILE}`, route, serve(SHORT_CACHE, bundles?.bundle));
  for (const version of new Set(Object.values(SDK_SNIPPET_VERSIONS))) {
    app.get(`/sdk/tabula@${version}.js`, route, serve(IMMUTABLE, bundles?.bundle));
  }
  for (const [file, part] of bundles?.parts ?? []) app.get(`/sdk/${file}`, route, serve(IMMUTABLE, part));
};
