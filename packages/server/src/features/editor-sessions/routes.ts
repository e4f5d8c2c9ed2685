import {
  addEditorGoalBodySchema,
  DEFAULT_EDITION,
  EDITION_FAMILY,
  type EditorSession,
  editorIntegrationBodySchema,
  editorSessionSchema,
  editorTokenSchema,
  hostEdition,
  keySchema,
  type ProductFamily,
  saveEditorVersionsBodySchema,
  validChangeRecords,
} from '@tabula/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { userOf } from '../../http/access';
import { AppError } from '../../http/app-error';
import { allowAnyOrigin, allowPreflight } from '../../http/cors';
import { iso, noContent, projectParams, withErrors } from '../../http/schemas';
import { experimentReach } from '../experiments/service';
import * as editorSessions from './service';

const tags = ['visual editor'];
const experimentParams = projectParams.extend({ experimentKey: keySchema });
const BEARER = /^Bearer\s+(\S+)$/i;

const toSessionBody = (
  { experiment, goals, clientKeys, customScripts, expiresAt }: editorSessions.EditorSessionView,
  family: ProductFamily,
): EditorSession => ({
  projectId: experiment.projectId,
  family,
  experiment: {
    key: experiment.key,
    name: experiment.name,
    status: experiment.status,
    page: experiment.pageUrl === null ? null : { url: experiment.pageUrl, match: experiment.pageMatch },
    integrationConfigured: experiment.integrationConfigured,
  },
  versions: experiment.versions.map((version) => ({
    key: version.key,
    name: version.name,
    weight: version.weight,
    isControl: version.isControl,
    changeRecords: validChangeRecords(version.changeRecords),
  })),
  goals,
  clientKeys: clientKeys.map((key) => ({
    key: key.clientKey!,
    environment: key.environmentKey,
    decryptionKey: key.payloadKey,
  })),
  customScripts,
  expiresAt: iso(expiresAt),
});

/** The editor proves itself with its token alone: the page it runs on is the customer's, so no cookie is sent. */
function grantOf(db: Database, request: FastifyRequest): Promise<editorSessions.EditorGrant> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new AppError('unauthorized', 'The Authorization header must be "Bearer <editor token>"');
  return editorSessions.authenticateEditorToken(db, token);
}

/**
 * The calls of the visual editor. It runs on the customer's page, so any origin may call them; they send no cookie and
 * accept only the editor token, which the page cannot have unless a member opened the editor there.
 */
const editorApi: FastifyPluginAsyncZod<AppContext> = async (scope, { db, changes, config }) => {
  allowAnyOrigin(scope);
  scope.addHook('onRequest', (_request, reply, done) => {
    // The console-origin grant adds credentials; these calls never carry any, and `*` may not come with them.
    reply.removeHeader('access-control-allow-credentials');
    done();
  });
  const route = { config: { access: 'public' as const } };
  allowPreflight(scope, '/api/v1/editor/session', { methods: ['GET', 'DELETE'], headers: ['authorization'] });
  for (const path of ['/api/v1/editor/versions', '/api/v1/editor/integration']) {
    allowPreflight(scope, path, { methods: ['PUT'], headers: ['authorization', 'content-type'] });
  }
  allowPreflight(scope, '/api/v1/editor/goals', { methods: ['POST'], headers: ['authorization', 'content-type'] });

  /**
   * The editor writes the snippet of the console's edition: the console is served by this server, so the host the
   * editor calls names the edition as it does for the console (spec §1).
   */
  const session = async (grant: editorSessions.EditorGrant, request: FastifyRequest) =>
    toSessionBody(
      await editorSessions.getEditorSession(db, grant),
      EDITION_FAMILY[hostEdition(request.hostname, config.editions) ?? DEFAULT_EDITION],
    );

  scope.get(
    '/api/v1/editor/session',
    { ...route, schema: { tags, response: withErrors({ 200: editorSessionSchema }) } },
    async (request) => session(await grantOf(db, request), request),
  );

  scope.delete(
    '/api/v1/editor/session',
    { ...route, schema: { tags, response: withErrors({ 204: noContent }) } },
    async (request, reply) => {
      await editorSessions.revokeEditorToken(db, await grantOf(db, request));
      return reply.status(204).send();
    },
  );

  scope.put(
    '/api/v1/editor/versions',
    {
      ...route,
      schema: { tags, body: saveEditorVersionsBodySchema, response: withErrors({ 200: editorSessionSchema }) },
    },
    async (request) => {
      const grant = await grantOf(db, request);
      await db.transaction((tx) => editorSessions.saveEditorVersions(tx, grant, request.body));
      // Running visual experiments deliver these changes in the SDK payload.
      await changes.notifyProjectChanged(grant.projectId);
      return session(grant, request);
    },
  );

  scope.post(
    '/api/v1/editor/goals',
    {
      ...route,
      schema: {
        tags,
        description:
          'Track clicks as a goal: the click metric of the selector (found, or made with the name) becomes a secondary metric of the experiment.',
        body: addEditorGoalBodySchema,
        response: withErrors({ 200: editorSessionSchema }),
      },
    },
    async (request) => {
      const grant = await grantOf(db, request);
      await db.transaction((tx) => editorSessions.addEditorGoal(tx, grant, request.body));
      // The SDK payload carries the selectors of running experiments' click metrics.
      await changes.notifyProjectChanged(grant.projectId);
      return session(grant, request);
    },
  );

  scope.put(
    '/api/v1/editor/integration',
    {
      ...route,
      schema: { tags, body: editorIntegrationBodySchema, response: withErrors({ 200: editorSessionSchema }) },
    },
    async (request) => {
      const grant = await grantOf(db, request);
      await db.transaction((tx) => editorSessions.setEditorIntegration(tx, grant, request.body));
      return session(grant, request);
    },
  );
};

/** The console's "Open visual editor" makes the token; the editor's own calls follow, open to any page. */
export const editorSessionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;
  app.post(
    '/api/v1/projects/:projectId/experiments/:experimentKey/editor-token',
    {
      // Changes saved in the editor reach whatever the experiment reaches.
      config: { access: { role: 'editor', reaches: experimentReach(db) } },
      schema: { tags: ['experiments'], params: experimentParams, response: withErrors({ 201: editorTokenSchema }) },
    },
    async (request, reply) => {
      const member = userOf(request);
      const { projectId, experimentKey } = request.params;
      const created = await db.transaction((tx) =>
        editorSessions.createEditorToken(tx, member, projectId, experimentKey),
      );
      return reply.status(201).send({ ...created, expiresAt: iso(created.expiresAt) });
    },
  );
  await app.register(editorApi, context);
};
