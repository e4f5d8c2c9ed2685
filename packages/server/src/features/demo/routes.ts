import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { CLIENT_KEY_PATTERN, DEMO_SCRIPT, renderDemoPage } from './page';

const query = z.object({ key: z.string().max(200).optional() });
const NOT_A_KEY = 'This is not a client key: copy one from Project settings → API keys';
const route = { config: { access: 'public' as const }, schema: { hide: true } };

/** GET /demo?key=<client key>: a sample customer page running the SDK against that key's environment. */
export const demoRoutes: FastifyPluginAsync<Pick<AppContext, 'clientKeys'>> = async (app, { clientKeys }) => {
  app.get('/demo', route, async (request, reply) => {
    const parsed = query.safeParse(request.query);
    const key = parsed.success ? parsed.data.key?.trim() : undefined;
    const html = (status: number, page: string) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    if (!key) return html(200, renderDemoPage(null));
    if (!CLIENT_KEY_PATTERN.test(key)) return html(400, renderDemoPage({ problem: NOT_A_KEY }));
    try {
      const grant = await clientKeys.resolve(key);
      return html(200, renderDemoPage({ clientKey: key, projectId: grant.projectId }));
    } catch (error) {
      // Unknown and revoked keys get the form again, with the reason the SDK would meet.
      if (error instanceof AppError && error.statusCode < 500) {
        return html(error.statusCode, renderDemoPage({ problem: error.message }));
      }
      throw error;
    }
  });

  app.get('/demo/demo.js', route, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(DEMO_SCRIPT),
  );
};
