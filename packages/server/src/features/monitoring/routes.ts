import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sameToken } from '../../http/access';
import { AppError } from '../../http/app-error';

/**
 * Prometheus' scrape target. Off unless `TABULA_METRICS_TOKEN` is set, and then only for a scraper that sends it as a
 * bearer token: route names, pool use and queue depths tell an attacker how the instance is doing.
 */
export const monitoringRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, monitoring }) => {
  const token = config.metricsToken;
  if (!token) return;
  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { tags: ['health'], summary: 'Metrics in the Prometheus text format (bearer TABULA_METRICS_TOKEN)' },
    },
    async (request, reply) => {
      const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!sameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('unauthorized', 'Send the metrics token as "Authorization: Bearer <TABULA_METRICS_TOKEN>"');
      }
      const { contentType, body } = await monitoring.scrape();
      return reply.type(contentType).send(body);
    },
  );
};
