import {
  createExperimentBodySchema,
  type Experiment as ExperimentBody,
  experimentListQuerySchema,
  experimentListSchema,
  experimentSchema,
  keySchema,
  stopExperimentBodySchema,
  updateExperimentBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { principalOf } from '../../http/access';
import { iso, isoOrNull, noContent, projectParams, withErrors } from '../../http/schemas';
import { type Acting, actingOf } from '../audit/service';
import { deleteExperiment } from './delete-experiment';
import { createExample, stopExample, updateExample } from './examples';
import { experimentReach } from './reach';
import * as experiments from './service';
import { experimentSnapshot } from './snapshot';
import { stopExperiment } from './stop-experiment';

const toExperimentBody = (experiment: experiments.ExperimentDetails): ExperimentBody => ({
  id: experiment.id,
  // The audit snapshot is the experiment's definition and state; the response adds who, how many and when.
  ...experimentSnapshot(experiment),
  owner: experiment.owner,
  integrationConfigured: experiment.integrationConfigured,
  exposures: experiment.exposures,
  startedAt: isoOrNull(experiment.startedAt),
  stoppedAt: isoOrNull(experiment.stoppedAt),
  createdAt: iso(experiment.createdAt),
  updatedAt: iso(experiment.updatedAt),
});

const experimentParams = projectParams.extend({ experimentKey: keySchema });

type StatusChange = (
  tx: Database,
  acting: Acting,
  projectId: string,
  key: string,
) => Promise<experiments.ExperimentDetails>;

export const experimentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['experiments'];
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  const write = { access: { role: 'editor' as const, apiKeys: true } };
  const writeLive = { access: { ...write.access, reaches: experimentReach(db) } };

  app.get(
    '/projects/:projectId/experiments',
    {
      config: read,
      schema: {
        tags,
        params: projectParams,
        querystring: experimentListQuerySchema,
        response: withErrors({ 200: experimentListSchema }),
      },
    },
    async (request) => {
      const page = await experiments.listExperiments(db, request.params.projectId, request.query);
      return { ...page, experiments: page.experiments.map(toExperimentBody) };
    },
  );

  app.post(
    '/projects/:projectId/experiments',
    {
      config: write,
      schema: {
        tags,
        params: projectParams,
        body: createExperimentBodySchema.meta({ examples: [createExample] }),
        response: withErrors({ 201: experimentSchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId } = request.params;
      const experiment = await db.transaction((tx) =>
        experiments.createExperiment(tx, acting, projectId, request.body),
      );
      await changes.notifyProjectChanged(projectId);
      return reply.status(201).send(toExperimentBody(experiment));
    },
  );

  app.get(
    '/projects/:projectId/experiments/:experimentKey',
    { config: read, schema: { tags, params: experimentParams, response: withErrors({ 200: experimentSchema }) } },
    async (request) => {
      const { projectId, experimentKey } = request.params;
      return toExperimentBody(await experiments.getExperiment(db, projectId, experimentKey));
    },
  );

  app.patch(
    '/projects/:projectId/experiments/:experimentKey',
    {
      config: writeLive,
      schema: {
        tags,
        params: experimentParams,
        body: updateExperimentBodySchema.meta({ examples: [updateExample] }),
        response: withErrors({ 200: experimentSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, experimentKey } = request.params;
      const experiment = await db.transaction((tx) =>
        experiments.updateExperiment(tx, acting, projectId, experimentKey, request.body),
      );
      await changes.notifyProjectChanged(projectId);
      return toExperimentBody(experiment);
    },
  );

  app.delete(
    '/projects/:projectId/experiments/:experimentKey',
    { config: writeLive, schema: { tags, params: experimentParams, response: withErrors({ 204: noContent }) } },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, experimentKey } = request.params;
      await db.transaction((tx) => deleteExperiment(tx, acting, projectId, experimentKey));
      await changes.notifyProjectChanged(projectId);
      return reply.status(204).send();
    },
  );

  const statusChanges: [string, StatusChange][] = [
    ['start', experiments.startExperiment],
    ['pause', experiments.pauseExperiment],
    ['archive', experiments.archiveExperiment],
  ];
  for (const [action, change] of statusChanges) {
    app.post(
      `/projects/:projectId/experiments/:experimentKey/${action}`,
      {
        config: writeLive,
        schema: { tags, params: experimentParams, response: withErrors({ 200: experimentSchema }) },
      },
      async (request) => {
        const acting = actingOf(principalOf(request));
        const { projectId, experimentKey } = request.params;
        const experiment = await db.transaction((tx) => change(tx, acting, projectId, experimentKey));
        await changes.notifyProjectChanged(projectId);
        return toExperimentBody(experiment);
      },
    );
  }

  app.post(
    '/projects/:projectId/experiments/:experimentKey/stop',
    {
      config: writeLive,
      schema: {
        tags,
        params: experimentParams,
        body: stopExperimentBodySchema.meta({ examples: [stopExample] }),
        response: withErrors({ 200: experimentSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, experimentKey } = request.params;
      const experiment = await db.transaction((tx) =>
        stopExperiment(tx, acting, projectId, experimentKey, request.body),
      );
      await changes.notifyProjectChanged(projectId);
      return toExperimentBody(experiment);
    },
  );
};
