import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SDK_SNIPPET_VERSIONS } from '../../constants';
import type { AppContext } from '../../context';
import { allowAnyOrigin } from '../../http/cors';
import { type Precompressed, sendPrecompressed } from '../../http/precompressed';
import { FROM_MEMORY_HEADER, findCustomScript } from '../sdk-payload/service';
import { EDITOR_BUNDLE_FILE, loadEditorBundle } from './editor';
import { createKeyedBundle } from './keyed-bundle';
import { loadSdkBundles, SDK_BUNDLE_FILE } from './service';

const NOT_BUILT = 'The SDK is not built: run `npm run build`, then restart the server.';
const EDITOR_NOT_BUILT = 'The visual editor is not built: run `npm run build`, then restart the server.';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The unversioned name follows upgrades: pages pick up a new bundle within minutes. */
const SHORT_CACHE = 'public, max-age=300';
const JAVASCRIPT = 'application/javascript; charset=utf-8';
const SCRIPT_FILE = /^[\w-]{22}\.js$/;
const NO_SCRIPT = 'No running visual experiment of this project has this script, or custom scripts are off';
/** Spec §9: the visual editor caches its translation resources for 86400 seconds. */
const EDITOR_I18N_CACHE = 'public, max-age=86400';

/**
 * The SDK bundle for snippets on any site: `/sdk/tabula.js` and one versioned name per snippet version; beside them,
 * the parts the bundle loads on demand (it resolves them against its own address, so all these names share the
 * folder). A part's name carries the hash of its content: it never changes, and is cached for good. With `?key=` a
 * client key, the bundle comes with that environment's payload (see createKeyedBundle), cached briefly as the payload
 * may change. And the visual editor's bundle, `/sdk/editor.js`, with its translations at `/i18n/editor/<ns>/<lng>.json`.
 */
export const sdkBundleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, clientKeys, payloads, db }) => {
  // Read once at start: the bundles change only with a new build, which comes with a restart.
  const [bundles, editor] = await Promise.all([loadSdkBundles(config.sdkDir), loadEditorBundle(config.editorDir)]);
  const keyed = bundles && createKeyedBundle(bundles.bundle, { clientKeys, payloads, log: app.log });
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

  const sdk =
    (cacheControl: string) =>
    async (request: FastifyRequest<{ Querystring: { key?: string } }>, reply: FastifyReply) => {
      const { key } = request.query;
      if (!keyed || key === undefined) return serve(cacheControl, bundles?.bundle)(request, reply);
      const { body, fromMemoryOnly } = await keyed(key);
      if (fromMemoryOnly) reply.header(FROM_MEMORY_HEADER, 'unavailable');
      return serve(SHORT_CACHE, body)(request, reply);
    };
  const sdkRoute = {
    ...route,
    schema: { ...route.schema, querystring: z.object({ key: z.string().max(200).optional() }) },
  };
  // A visual experiment's custom script, by the digest of its code: the address changes with the code, so a browser
  // keeps it for good. Served only while a running experiment has it and the project allows custom scripts.
  app.get(
    '/sdk/v1/scripts/:projectId/:file',
    {
      ...route,
      schema: {
        ...route.schema,
        params: z.object({ projectId: z.string().max(40), file: z.string().regex(SCRIPT_FILE) }),
      },
    },
    async (request, reply) => {
      const { projectId, file } = request.params;
      const code = await findCustomScript(db, projectId, file.slice(0, -'.js'.length));
      if (code === null) {
        return reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NO_SCRIPT);
      }
      return reply.header('cache-control', IMMUTABLE).type(JAVASCRIPT).send(code);
    },
  );
  app.get(`/sdk/${SDK_BUNDLE_FILE}`, sdkRoute, sdk(SHORT_CACHE));
  for (const version of new Set(Object.values(SDK_SNIPPET_VERSIONS))) {
    app.get(`/sdk/tabula@${version}.js`, sdkRoute, sdk(IMMUTABLE));
  }
  for (const [file, part] of bundles?.parts ?? []) app.get(`/sdk/${file}`, route, serve(IMMUTABLE, part));

  // The editor follows upgrades like the SDK: the SDK, the extension and bookmarklets all load it by this one name.
  app.get(`/sdk/${EDITOR_BUNDLE_FILE}`, route, serve(SHORT_CACHE, editor?.bundle, EDITOR_NOT_BUILT));
  // Beside the console's bundles, under the editor's app id; the editor asks with its version (`?v=`), so an upgrade's
  // texts are never read from an older cache.
  for (const [namespaceAndLanguage, locale] of editor?.locales ?? []) {
    app.get(`/i18n/editor/${namespaceAndLanguage}.json`, route, (request, reply) => {
      reply.header('cache-control', EDITOR_I18N_CACHE);
      return sendPrecompressed(request, reply, locale, 'application/json; charset=utf-8');
    });
  }
};
