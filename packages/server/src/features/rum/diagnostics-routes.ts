import { diagnosticsQuerySchema, errorGroupListSchema, vitalSummaryListSchema } from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { userOf } from '../../http/access';
import { iso, withErrors } from '../../http/schemas';
import { diagnosticsScope, listErrorGroups, listVitalSummaries } from './service';

/** The console's own health for the people who run the organization: admins and owners. */
export const diagnosticsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  const access = { access: { role: 'admin' as const } };
  const tags = ['diagnostics'];

  app.get(
    '/diagnostics/errors',
    {
      config: access,
      schema: {
        tags,
        summary: "The console's recent errors, grouped by message, latest first",
        querystring: diagnosticsQuerySchema,
        response: withErrors({ 200: errorGroupListSchema }),
      },
    },
    async (request) => {
      const scope = diagnosticsScope({ ...userOf(request), openSignup: config.openSignup }, request.query);
      const groups = await listErrorGroups(db, scope);
      return {
        groups: groups.map((group) => ({
          ...group,
          firstSeenAt: iso(group.firstSeenAt),
          lastSeenAt: iso(group.lastSeenAt),
        })),
      };
    },
  );

  app.get(
    '/diagnostics/vitals',
    {
      config: access,
      schema: {
        tags,
        summary: "The console's web vitals per page: 75th and 90th percentiles",
        querystring: diagnosticsQuerySchema,
        response: withErrors({ 200: vitalSummaryListSchema }),
      },
    },
    async (request) => {
      const scope = diagnosticsScope({ ...userOf(request), openSignup: config.openSignup }, request.query);
      return { summaries: await listVitalSummaries(db, scope) };
    },
  );
};
