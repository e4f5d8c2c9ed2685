import {
  type ChangeOperation,
  createExperimentBodySchema,
  divertedChangeSchema,
  type Experiment as ExperimentBody,
  experimentListQuerySchema,
  experimentListSchema,
  experimentSchema,
  keySchema,
  type StopExperimentBody,
  stopExperimentBodySchema,
  type UpdateExperimentBody,
  updateExperimentBodySchema,
} from '@tabula/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { principalOf } from '../../http/access';
import { iso, isoOrNull, noContent, projectParams, withErrors } from '../../http/schemas';
import { openAlertCounts } from '../analysis/service';
import { type Acting, actingOf } from '../audit/service';
import { rollOutExperiment } from '../flags/service';
import { deleteExperiment } from './delete-experiment';
import { createExample, stopExample, updateExample } from './examples';
import { experimentReach } from './reach';
import * as experiments from './service';
import { experimentSnapshot } from './snapshot';
import { stopExperiment } from './stop-experiment';

const toExperimentBody = (
  experiment: experiments.ExperimentDetails,
  exposures: number | null,
  openAlerts: number,
): ExperimentBody => ({
  id: experiment.id,
  // The audit snapshot is the experiment's definition and state; the response adds who, how many and when.
  ...experimentSnapshot(experiment),
  owner: experiment.owner,
  integrationConfigured: experiment.integrationConfigured,
  exposures,
  openAlerts,
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

export const experimentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clickhouse, changes }) => {
  const tags = ['experiments'];
  /** The experiments as the API shows them, each with its exposed units and the alerts of its current phase. */
  const bodies = async (projectId: string, list: experiments.ExperimentDetails[]) => {
    const [exposures, alerts] = await Promise.all([
      experiments.exposedUnits(
        { db, clickhouse },
        projectId,
        list.map((experiment) => experiment.key),
      ),
      openAlertCounts(db, projectId, list),
    ]);
    return list.map((experiment) =>
      toExperimentBody(experiment, exposures && (exposures.get(experiment.key) ?? 0), alerts.get(experiment.id) ?? 0),
    );
  };
  const body = async (experiment: experiments.ExperimentDetails) =>
    (await bodies(experiment.projectId, [experiment]))[0]!;
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  const write = { access: { role: 'editor' as const, apiKeys: true } };
  const writeLive = { access: { ...write.access, reaches: experimentReach(db) } };
  /** Starting, stopping and editing a live experiment wait for approval where a protected environment asks for it. */
  const divertingLive = (divert: (request: FastifyRequest) => Promise<ChangeOperation>) => ({
    access: { ...writeLive.access, divert },
  });
  const experimentKeyOf = (request: FastifyRequest) => (request.params as { experimentKey: string }).experimentKey;

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
      return { ...page, experiments: await bodies(request.params.projectId, page.experiments) };
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
      return reply.status(201).send(await body(experiment));
    },
  );

  app.get(
    '/projects/:projectId/experiments/:experimentKey',
    { config: read, schema: { tags, params: experimentParams, response: withErrors({ 200: experimentSchema }) } },
    async (request) => {
      const { projectId, experimentKey } = request.params;
      return body(await experiments.getExperiment(db, projectId, experimentKey));
    },
  );

  app.patch(
    '/projects/:projectId/experiments/:experimentKey',
    {
      config: divertingLive(async (request) => ({
        kind: 'experiment.update',
        experiment: experimentKeyOf(request),
        update: request.body as UpdateExperimentBody,
      })),
      schema: {
        tags,
        params: experimentParams,
        body: updateExperimentBodySchema.meta({ examples: [updateExample] }),
        response: withErrors({ 200: experimentSchema, 202: divertedChangeSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, experimentKey } = request.params;
      const experiment = await db.transaction((tx) =>
        experiments.updateExperiment(tx, acting, projectId, experimentKey, request.body),
      );
      await changes.notifyProjectChanged(projectId);
      return body(experiment);
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
        config:
          action === 'start'
            ? divertingLive(async (request) => ({ kind: 'experiment.start', experiment: experimentKeyOf(request) }))
            : writeLive,
        schema: {
          tags,
          params: experimentParams,
          response:
            action === 'start'
              ? withErrors({ 200: experimentSchema, 202: divertedChangeSchema })
              : withErrors({ 200: experimentSchema }),
        },
      },
      async (request) => {
        const acting = actingOf(principalOf(request));
        const { projectId, experimentKey } = request.params;
        const experiment = await db.transaction((tx) => change(tx, acting, projectId, experimentKey));
        await changes.notifyProjectChanged(projectId);
        return body(experiment);
      },
    );
  }

  app.post(
    '/projects/:projectId/experiments/:experimentKey/stop',
    {
      config: divertingLive(async (request) => ({
        kind: 'experiment.stop',
        experiment: experimentKeyOf(request),
        stop: request.body as StopExperimentBody,
      })),
      schema: {
        tags,
        params: experimentParams,
        body: stopExperimentBodySchema.meta({ examples: [stopExample] }),
        response: withErrors({ 200: experimentSchema, 202: divertedChangeSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, experimentKey } = request.params;
      const experiment = await db.transaction((tx) =>
        stopExperiment(tx, acting, projectId, experimentKey, request.body, rollOutExperiment),
      );
      await changes.notifyProjectChanged(projectId);
      return body(experiment);
    },
  );
};
