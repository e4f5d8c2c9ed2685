import { gettingStartedSchema } from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { isoOrNull, projectParams, withErrors } from '../../http/schemas';
import { gettingStarted } from './service';

export const gettingStartedRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/projects/:projectId/getting-started',
    {
      // Everyone who may see the project may see how far it has come; the client keys it names are public.
      config: { access: { role: 'viewer' } },
      schema: { tags: ['projects'], params: projectParams, response: withErrors({ 200: gettingStartedSchema }) },
    },
    async (request) => {
      const { items, demoClientKey } = await gettingStarted(db, request.params.projectId);
      return { items: items.map((item) => ({ ...item, at: isoOrNull(item.at) })), demoClientKey };
    },
  );
};
