import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { SDK_SNIPPET_VERSIONS } from '../../constants';
import { allowAnyOrigin } from '../../http/cors';
import { type Precompressed, sendPrecompressed } from '../../http/precompressed';
import { EDITOR_BUNDLE_FILE, loadEditorBundle } from './editor';
import { loadSdkBundles, SDK_BUNDLE_FILE } from './service';

const NOT_BUILT = 'The SDK is not built: run `npm run build`, then restart the server.';
const EDITOR_NOT_BUILT = 'The visual editor is not built: run `npm run build`, then restart the server.';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The unversioned name follows upgrades: pages pick up a new bundle within minutes. */
const SHORT_CACHE = 'public, max-age=300';
const JAVASCRIPT = 'application/javascript; charset=utf-8';
/** Spec §9: the visual editor caches its translation resources for 86400 seconds. */
const EDITOR_I18N_CACHE = 'public, max-age=86400';

/**
 * The SDK bundle for snippets on any site: `/sdk/tabula.js` and one versioned name per snippet version; beside them,
 * the parts the bundle loads on demand (it resolves them against its own address, so all these names share the
 * folder). A part's name carries the hash of its content: it never changes, and is cached for good. And the visual
 * editor's bundle, `/sdk/editor.js`, with its translations.
 */
export const sdkBundleRoutes: FastifyPluginAsync<Pick<Config, 'sdkDir' | 'editorDir'>> = async (
  app,
  { sdkDir, editorDir },
) => {
  // Read once at start: the bundles change only with a new build, which comes with a restart.
  const [bundles, editor] = await Promise.all([loadSdkBundles(sdkDir), loadEditorBundle(editorDir)]);
  allowAnyOrigin(app);

  const serve =
    (cacheControl: string, body: Precompressed | undefined, notBuilt = NOT_BUILT) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      if (!body)
        return reply.status(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(notBuilt);
      reply.header('cache-control', cacheControl);
      return sendPrecompressed(request, reply, body, JAVASCRIPT);
    };
  const route = { config: { access: 'public' as const }, schema: { hide: true }, logLevel: 'warn' as const };

  app.get(`/sdk/${SDK_BUNDLE_FILE}`, route, serve(SHORT_CACHE, bundles?.bundle));
  for (const version of new Set(Object.values(SDK_SNIPPET_VERSIONS))) {
    app.get(`/sdk/tabula@${version}.js`, route, serve(IMMUTABLE, bundles?.bundle));
  }
  for (const [file, part] of bundles?.parts ?? []) app.get(`/sdk/${file}`, route, serve(IMMUTABLE, part));

  // The editor follows upgrades like the SDK: the SDK, the extension and bookmarklets all load it by this one name.
  app.get(`/sdk/${EDITOR_BUNDLE_FILE}`, route, serve(SHORT_CACHE, editor?.bundle, EDITOR_NOT_BUILT));
  for (const [language, locale] of editor?.locales ?? []) {
    app.get(`/sdk/editor/locales/${language}.json`, route, (request, reply) => {
      reply.header('cache-control', EDITOR_I18N_CACHE);
      return sendPrecompressed(request, reply, locale, 'application/json; charset=utf-8');
    });
  }
};
