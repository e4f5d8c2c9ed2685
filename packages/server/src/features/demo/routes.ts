import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { sendPrecompressed } from '../../http/precompressed';
import type { ShopKey } from './html';
import { CLIENT_KEY_PATTERN, DEMO_SCRIPT, renderKeyForm, renderPlainShop } from './page';
import { loadReactShopBundle } from './react-bundle';
import { renderReactShop, renderReactShopNotBuilt } from './react-page';
import { DEMO_PATHS, type DemoVariant } from './variants';

const query = z.object({ key: z.string().max(200).optional() });
const NOT_A_KEY = 'This is not a client key: copy one from Project settings → API keys';
const route = { config: { access: 'public' as const }, schema: { hide: true } };
/** The bundle's name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The shop stands for a customer's page, whose visual experiments may set background images from anywhere: its
 * Content-Security-Policy is the server's strict one (scripts from here only), with images from any https address.
 */
const withHttpsImages = (policy: unknown) => String(policy).replace(/img-src [^;]*/, "img-src 'self' data: https:");

const sendHtml = (reply: FastifyReply, status: number, page: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', withHttpsImages(reply.getHeader('content-security-policy')))
    .send(page);

/**
 * GET /demo?key=<client key>: a sample customer page running the SDK against that key's environment; GET
 * /demo/react?key=… the same shop as a React app.
 */
export const demoRoutes: FastifyPluginAsync<Pick<AppContext, 'clientKeys' | 'config'>> = async (
  app,
  { clientKeys, config },
) => {
  // Read once at start, like the SDK's bundles: it changes only with a new build, which comes with a restart.
  const reactShop = await loadReactShopBundle(config.demoDir);

  const shopPage =
    (variant: DemoVariant, render: (shop: ShopKey) => string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = query.safeParse(request.query);
      const key = parsed.success ? parsed.data.key?.trim() : undefined;
      if (!key) return sendHtml(reply, 200, renderKeyForm(variant));
      if (!CLIENT_KEY_PATTERN.test(key)) return sendHtml(reply, 400, renderKeyForm(variant, NOT_A_KEY));
      try {
        const grant = await clientKeys.resolve(key);
        return sendHtml(
          reply,
          200,
          render({ clientKey: key, projectId: grant.projectId, decryptionKey: grant.payloadKey }),
        );
      } catch (error) {
        // Unknown and revoked keys get the form again, with the reason the SDK would meet.
        if (error instanceof AppError && error.statusCode < 500) {
          return sendHtml(reply, error.statusCode, renderKeyForm(variant, error.message));
        }
        throw error;
      }
    };

  app.get(DEMO_PATHS.plain, route, shopPage('plain', renderPlainShop));
  app.get('/demo/demo.js', route, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(DEMO_SCRIPT),
  );

  if (!reactShop) {
    app.get(DEMO_PATHS.react, route, async (_request, reply) => sendHtml(reply, 503, renderReactShopNotBuilt()));
    return;
  }
  app.get(
    DEMO_PATHS.react,
    route,
    shopPage('react', (shop) => renderReactShop(shop, reactShop.path)),
  );
  app.get(reactShop.path, route, async (request, reply) => {
    reply.header('cache-control', IMMUTABLE);
    return sendPrecompressed(request, reply, reactShop.body, 'application/javascript; charset=utf-8');
  });
};
