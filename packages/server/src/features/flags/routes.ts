import {
  bulkFlagBodySchema,
  bulkFlagResultSchema,
  cloneFlagBodySchema,
  copyFlagEnvironmentBodySchema,
  createFlagBodySchema,
  divertedChangeSchema,
  type Flag as FlagBody,
  type FlagEnvironmentState as FlagEnvironmentBody,
  flagEnvironmentBodySchema,
  flagEnvironmentStateSchema,
  flagListQuerySchema,
  flagListSchema,
  flagSchema,
  keySchema,
  updateFlagBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { iso, isoOrNull, noContent, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import { bulkChangeFlags } from './bulk';
import { flagSnapshot } from './flags';
import { flagDiversions, flagReach } from './reach';
import * as flags from './service';

const toEnvironmentBody = (state: flags.FlagEnvironmentState): FlagEnvironmentBody => ({
  enabled: state.enabled,
  rules: state.rules,
  prerequisites: state.prerequisites,
  updatedAt: isoOrNull(state.updatedAt),
  lastEvaluatedAt: isoOrNull(state.lastEvaluatedAt),
});

const toFlagBody = (flag: flags.FlagWithEnvironments): FlagBody => ({
  id: flag.id,
  // The audit snapshot is the flag's definition; the response adds its times and environments.
  ...flagSnapshot(flag),
  archivedAt: isoOrNull(flag.archivedAt),
  createdAt: iso(flag.createdAt),
  updatedAt: iso(flag.updatedAt),
  environments: Object.fromEntries(
    Object.entries(flag.environments).map(([envKey, state]) => [envKey, toEnvironmentBody(state)]),
  ),
  stale: flag.stale.stale ? { reason: flag.stale.reason, since: isoOrNull(flag.stale.since) } : null,
});

const flagParams = projectParams.extend({ flagKey: keySchema });
const flagEnvironmentParams = flagParams.extend({ envKey: keySchema });

export const flagRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['flags'];
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  const write = { access: { role: 'editor' as const, apiKeys: true } };
  const reach = flagReach(db);
  const writeReaching = (reaches: (typeof reach)[keyof typeof reach]) => ({ access: { ...write.access, reaches } });
  const diverting = (reaches: (typeof reach)[keyof typeof reach], divert: typeof divertFlag.environment) => ({
    access: { ...write.access, reaches, divert },
  });
  const divertFlag = flagDiversions(db);

  app.get(
    '/projects/:projectId/flags',
    {
      config: read,
      schema: {
        tags,
        params: projectParams,
        querystring: flagListQuerySchema,
        response: withErrors({ 200: flagListSchema }),
      },
    },
    async (request) => {
      const page = await flags.listFlags(db, request.params.projectId, request.query);
      return { ...page, flags: page.flags.map(toFlagBody) };
    },
  );

  app.post(
    '/projects/:projectId/flags',
    {
      config: write,
      schema: { tags, params: projectParams, body: createFlagBodySchema, response: withErrors({ 201: flagSchema }) },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId } = request.params;
      const flag = await db.transaction((tx) => flags.createFlag(tx, acting, projectId, request.body));
      await changes.notifyProjectChanged(projectId);
      return reply.status(201).send(toFlagBody(flag));
    },
  );

  app.post(
    '/projects/:projectId/flags/bulk',
    {
      // No reach here: each flag is checked on its own, and a refused one is reported while the others go on.
      config: write,
      schema: {
        tags,
        summary: 'Archive, restore or switch many flags, each as its own route would',
        params: projectParams,
        body: bulkFlagBodySchema,
        response: withErrors({ 200: bulkFlagResultSchema }),
      },
    },
    async (request) => {
      const { projectId } = request.params;
      const { results, applied } = await bulkChangeFlags(db, principalOf(request), projectId, request.body);
      if (applied) await changes.notifyProjectChanged(projectId);
      return { results };
    },
  );

  app.get(
    '/projects/:projectId/flags/:flagKey',
    { config: read, schema: { tags, params: flagParams, response: withErrors({ 200: flagSchema }) } },
    async (request) => toFlagBody(await flags.getFlag(db, request.params.projectId, request.params.flagKey)),
  );

  app.patch(
    '/projects/:projectId/flags/:flagKey',
    {
      config: writeReaching(reach.served),
      schema: { tags, params: flagParams, body: updateFlagBodySchema, response: withErrors({ 200: flagSchema }) },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, flagKey } = request.params;
      const flag = await db.transaction((tx) => flags.updateFlag(tx, acting, projectId, flagKey, request.body));
      await changes.notifyProjectChanged(projectId);
      return toFlagBody(flag);
    },
  );

  app.post(
    '/projects/:projectId/flags/:flagKey/clone',
    {
      config: write,
      schema: {
        tags,
        summary: 'Clone a flag: a new flag with its definition and rules, off in every environment',
        params: flagParams,
        body: cloneFlagBodySchema,
        response: withErrors({ 201: flagSchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, flagKey } = request.params;
      const flag = await db.transaction((tx) => flags.cloneFlag(tx, acting, projectId, flagKey, request.body));
      await changes.notifyProjectChanged(projectId);
      return reply.status(201).send(toFlagBody(flag));
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/projects/:projectId/flags/:flagKey/${action}`,
      {
        config: writeReaching(reach.served),
        schema: { tags, params: flagParams, response: withErrors({ 200: flagSchema }) },
      },
      async (request) => {
        const acting = actingOf(principalOf(request));
        const { projectId, flagKey } = request.params;
        const flag = await db.transaction((tx) => flags.setFlagArchived(tx, acting, projectId, flagKey, archived));
        await changes.notifyProjectChanged(projectId);
        return toFlagBody(flag);
      },
    );
  }

  app.delete(
    '/projects/:projectId/flags/:flagKey',
    {
      config: writeReaching(reach.served),
      schema: { tags, params: flagParams, response: withErrors({ 204: noContent }) },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, flagKey } = request.params;
      await db.transaction((tx) => flags.deleteFlag(tx, acting, projectId, flagKey));
      await changes.notifyProjectChanged(projectId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/projects/:projectId/flags/:flagKey/environments/:envKey',
    {
      config: read,
      schema: { tags, params: flagEnvironmentParams, response: withErrors({ 200: flagEnvironmentStateSchema }) },
    },
    async (request) => {
      const { projectId, flagKey, envKey } = request.params;
      return toEnvironmentBody(await flags.getFlagEnvironment(db, projectId, flagKey, envKey));
    },
  );

  app.put(
    '/projects/:projectId/flags/:flagKey/environments/:envKey',
    {
      config: diverting(reach.environment, divertFlag.environment),
      schema: {
        tags,
        params: flagEnvironmentParams,
        body: flagEnvironmentBodySchema,
        response: withErrors({ 200: flagEnvironmentStateSchema, 202: divertedChangeSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, flagKey, envKey } = request.params;
      const state = await db.transaction((tx) =>
        flags.setFlagEnvironment(tx, acting, projectId, flagKey, envKey, request.body),
      );
      await changes.notifyProjectChanged(projectId);
      return toEnvironmentBody(state);
    },
  );

  app.post(
    '/projects/:projectId/flags/:flagKey/environments/copy',
    {
      config: diverting(reach.copy, divertFlag.copy),
      schema: {
        tags,
        params: flagParams,
        body: copyFlagEnvironmentBodySchema,
        response: withErrors({ 200: flagEnvironmentStateSchema, 202: divertedChangeSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, flagKey } = request.params;
      const state = await db.transaction((tx) => flags.copyFlagRules(tx, acting, projectId, flagKey, request.body));
      await changes.notifyProjectChanged(projectId);
      return toEnvironmentBody(state);
    },
  );
};
