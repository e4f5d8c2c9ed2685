import { healthSchema } from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { checkHealth } from './service';

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, eventWriter, config }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const health = await checkHealth(db, eventWriter.state(), config.releaseId);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
