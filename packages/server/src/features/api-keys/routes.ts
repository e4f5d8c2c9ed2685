import {
  type ApiKey as ApiKeyBody,
  apiKeyListSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  idSchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { iso, isoOrNull, noContent, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import * as apiKeys from './service';

const toApiKeyBody = (key: apiKeys.ApiKey): ApiKeyBody => ({
  id: key.id,
  kind: key.kind,
  name: key.name,
  environment: key.environmentKey,
  key: key.clientKey,
  decryptionKey: key.kind === 'client' ? key.payloadKey : null,
  prefix: key.prefix,
  role: key.role,
  protectedEnvironments: key.protectedEnvironments,
  createdAt: iso(key.createdAt),
  createdBy: key.createdBy,
  lastUsedAt: isoOrNull(key.lastUsedAt),
  revokedAt: isoOrNull(key.revokedAt),
});

const keyParams = projectParams.extend({ keyId: idSchema });

export const apiKeyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['api keys'];

  app.get(
    '/projects/:projectId/keys',
    {
      config: { access: { role: 'viewer' } },
      schema: { tags, params: projectParams, response: withErrors({ 200: apiKeyListSchema }) },
    },
    async (request) => ({ keys: (await apiKeys.listKeys(db, request.params.projectId)).map(toApiKeyBody) }),
  );

  app.post(
    '/projects/:projectId/keys',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags,
        params: projectParams,
        body: createApiKeyBodySchema,
        response: withErrors({ 201: createdApiKeySchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const created = await db.transaction((tx) =>
        apiKeys.createKey(tx, acting, request.params.projectId, request.body),
      );
      return reply.status(201).send({ ...toApiKeyBody(created.apiKey), key: created.key });
    },
  );

  app.delete(
    '/projects/:projectId/keys/:keyId',
    {
      config: { access: { role: 'admin' } },
      schema: { tags, params: keyParams, response: withErrors({ 204: noContent }) },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, keyId } = request.params;
      await db.transaction((tx) => apiKeys.revokeKey(tx, acting, projectId, keyId));
      // SDK endpoints cache client keys; a revoked one must stop working in every server process.
      await changes.notifyProjectChanged(projectId);
      return reply.status(204).send();
    },
  );
};
