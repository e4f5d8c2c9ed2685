import {
  type ChangeOperation,
  type CreateHoldoutBody,
  createHoldoutBodySchema,
  divertedChangeSchema,
  type Holdout as HoldoutBody,
  holdoutListSchema,
  holdoutSchema,
  keySchema,
  type UpdateHoldoutBody,
  updateHoldoutBodySchema,
} from '@tabula/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { iso, isoOrNull, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import { protectedEnvironmentsAmong } from '../project-access/service';
import * as holdouts from './service';

const toHoldoutBody = (holdout: holdouts.Holdout): HoldoutBody => ({
  id: holdout.experimentId,
  key: holdout.key,
  name: holdout.name,
  description: holdout.description,
  percent: holdout.percent,
  salt: holdout.salt,
  metrics: holdout.metrics,
  experiments: holdout.experiments,
  flags: holdout.flags,
  status: holdout.status,
  startedAt: isoOrNull(holdout.startedAt),
  stoppedAt: isoOrNull(holdout.stoppedAt),
  createdAt: iso(holdout.createdAt),
  updatedAt: iso(holdout.updatedAt),
});

const holdoutParams = projectParams.extend({ holdoutKey: keySchema });

const createExample = {
  key: 'holdout-2026-h1',
  name: 'First half of 2026',
  percent: 500,
  metrics: ['purchase'],
  experiments: true,
  flags: ['new-checkout'],
};
const updateExample = { flags: ['new-checkout', 'new-search'] };

/**
 * A holdout is an experiment of kind `holdout`: its report is that experiment's results
 * (`/experiments/:key/results`, refreshed like any experiment's). Every change here changes the SDK payloads.
 */
export const holdoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['holdouts'];
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  const write = { access: { role: 'editor' as const, apiKeys: true } };
  // Every environment's payload carries the holdout: where one of them is protected, a change waits for approval.
  const reaches = (request: FastifyRequest) =>
    protectedEnvironmentsAmong(db, (request.params as { projectId: string }).projectId, 'all');
  const holdoutKeyOf = (request: FastifyRequest) => (request.params as { holdoutKey: string }).holdoutKey;
  const guarded = (divert: (request: FastifyRequest) => Promise<ChangeOperation>) => ({
    access: { ...write.access, reaches, divert },
  });

  app.get(
    '/projects/:projectId/holdouts',
    { config: read, schema: { tags, params: projectParams, response: withErrors({ 200: holdoutListSchema }) } },
    async (request) => ({
      holdouts: (await holdouts.listHoldouts(db, request.params.projectId)).map(toHoldoutBody),
    }),
  );

  app.post(
    '/projects/:projectId/holdouts',
    {
      config: guarded(async (request) => ({ kind: 'holdout.create', create: request.body as CreateHoldoutBody })),
      schema: {
        tags,
        params: projectParams,
        body: createHoldoutBodySchema.meta({ examples: [createExample] }),
        response: withErrors({ 201: holdoutSchema, 202: divertedChangeSchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId } = request.params;
      const holdout = await db.transaction((tx) => holdouts.createHoldout(tx, acting, projectId, request.body));
      await changes.notifyProjectChanged(projectId);
      return reply.status(201).send(toHoldoutBody(holdout));
    },
  );

  app.get(
    '/projects/:projectId/holdouts/:holdoutKey',
    { config: read, schema: { tags, params: holdoutParams, response: withErrors({ 200: holdoutSchema }) } },
    async (request) =>
      toHoldoutBody(await holdouts.getHoldout(db, request.params.projectId, request.params.holdoutKey)),
  );

  app.patch(
    '/projects/:projectId/holdouts/:holdoutKey',
    {
      config: guarded(async (request) => ({
        kind: 'holdout.update',
        holdout: holdoutKeyOf(request),
        update: request.body as UpdateHoldoutBody,
      })),
      schema: {
        tags,
        params: holdoutParams,
        body: updateHoldoutBodySchema.meta({ examples: [updateExample] }),
        response: withErrors({ 200: holdoutSchema, 202: divertedChangeSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, holdoutKey } = request.params;
      const holdout = await db.transaction((tx) =>
        holdouts.updateHoldout(tx, acting, projectId, holdoutKey, request.body),
      );
      await changes.notifyProjectChanged(projectId);
      return toHoldoutBody(holdout);
    },
  );

  app.post(
    '/projects/:projectId/holdouts/:holdoutKey/stop',
    {
      config: guarded(async (request) => ({ kind: 'holdout.stop', holdout: holdoutKeyOf(request) })),
      schema: { tags, params: holdoutParams, response: withErrors({ 200: holdoutSchema, 202: divertedChangeSchema }) },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, holdoutKey } = request.params;
      const holdout = await db.transaction((tx) => holdouts.stopHoldout(tx, acting, projectId, holdoutKey));
      await changes.notifyProjectChanged(projectId);
      return toHoldoutBody(holdout);
    },
  );
};
