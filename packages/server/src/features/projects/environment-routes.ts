import {
  createEnvironmentBodySchema,
  environmentListSchema,
  environmentSchema,
  updateEnvironmentBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { noContent, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import { environmentParams, toEnvironmentBody } from './mappers';
import * as projects from './service';

export const environmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['environments'];
  const admin = { access: { role: 'admin' as const } };

  app.get(
    '/projects/:projectId/environments',
    {
      config: { access: { role: 'viewer' } },
      schema: { tags, params: projectParams, response: withErrors({ 200: environmentListSchema }) },
    },
    async (request) => ({
      environments: (await projects.listEnvironments(db, request.params.projectId)).map(toEnvironmentBody),
    }),
  );

  app.post(
    '/projects/:projectId/environments',
    {
      config: admin,
      schema: {
        tags,
        params: projectParams,
        body: createEnvironmentBodySchema,
        response: withErrors({ 201: environmentSchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const env = await db.transaction((tx) =>
        projects.createEnvironment(tx, acting, request.params.projectId, request.body),
      );
      return reply.status(201).send(toEnvironmentBody(env));
    },
  );

  app.patch(
    '/projects/:projectId/environments/:envKey',
    {
      config: admin,
      schema: {
        tags,
        params: environmentParams,
        body: updateEnvironmentBodySchema,
        response: withErrors({ 200: environmentSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, envKey } = request.params;
      const env = await db.transaction((tx) => projects.updateEnvironment(tx, acting, projectId, envKey, request.body));
      // The payload is served encrypted, or in clear, from now on.
      if (request.body.encryptPayload !== undefined) await changes.notifyProjectChanged(projectId);
      return toEnvironmentBody(env);
    },
  );

  app.post(
    '/projects/:projectId/environments/:envKey/payload-key',
    {
      config: admin,
      schema: {
        tags,
        params: environmentParams,
        response: withErrors({ 200: environmentSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, envKey } = request.params;
      const env = await db.transaction((tx) => projects.rotatePayloadKey(tx, acting, projectId, envKey));
      await changes.notifyProjectChanged(projectId);
      return toEnvironmentBody(env);
    },
  );

  app.delete(
    '/projects/:projectId/environments/:envKey',
    { config: admin, schema: { tags, params: environmentParams, response: withErrors({ 204: noContent }) } },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, envKey } = request.params;
      await db.transaction((tx) => projects.deleteEnvironment(tx, acting, projectId, envKey));
      // Its keys went with it: SDK caches must forget them.
      await changes.notifyProjectChanged(projectId);
      return reply.status(204).send();
    },
  );
};
