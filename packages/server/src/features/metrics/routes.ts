import {
  createMetricBodySchema,
  keySchema,
  type Metric as MetricBody,
  metricListQuerySchema,
  metricListSchema,
  metricSchema,
  updateMetricBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { iso, isoOrNull, noContent, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import { createExamples, updateExample } from './examples';
import * as metrics from './service';

const toMetricBody = (metric: metrics.MetricDetails): MetricBody => ({
  id: metric.id,
  ...metrics.definitionOf(metric),
  experiments: metric.experiments,
  archivedAt: isoOrNull(metric.archivedAt),
  createdAt: iso(metric.createdAt),
  updatedAt: iso(metric.updatedAt),
});

const metricParams = projectParams.extend({ metricKey: keySchema });

/** The SDK payload carries the selectors of click metrics, so every change of the library rebuilds it. */
export const metricRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, changes }) => {
  const tags = ['metrics'];
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  const write = { access: { role: 'editor' as const, apiKeys: true } };

  app.get(
    '/projects/:projectId/metrics',
    {
      config: read,
      schema: {
        tags,
        description: 'The metric library: searched, filtered, sorted and paged; active metrics unless asked otherwise.',
        params: projectParams,
        querystring: metricListQuerySchema,
        response: withErrors({ 200: metricListSchema }),
      },
    },
    async (request) => {
      const page = await metrics.listMetrics(db, request.params.projectId, request.query);
      return { ...page, metrics: page.metrics.map(toMetricBody) };
    },
  );

  app.post(
    '/projects/:projectId/metrics',
    {
      config: write,
      schema: {
        tags,
        params: projectParams,
        body: createMetricBodySchema.meta({ examples: createExamples }),
        response: withErrors({ 201: metricSchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId } = request.params;
      const metric = await db.transaction((tx) => metrics.createMetric(tx, acting, projectId, request.body));
      await changes.notifyProjectChanged(projectId);
      return reply.status(201).send(toMetricBody(metric));
    },
  );

  app.get(
    '/projects/:projectId/metrics/:metricKey',
    { config: read, schema: { tags, params: metricParams, response: withErrors({ 200: metricSchema }) } },
    async (request) => toMetricBody(await metrics.getMetric(db, request.params.projectId, request.params.metricKey)),
  );

  app.patch(
    '/projects/:projectId/metrics/:metricKey',
    {
      config: write,
      schema: {
        tags,
        params: metricParams,
        body: updateMetricBodySchema.meta({ examples: [updateExample] }),
        response: withErrors({ 200: metricSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, metricKey } = request.params;
      const metric = await db.transaction((tx) => metrics.updateMetric(tx, acting, projectId, metricKey, request.body));
      await changes.notifyProjectChanged(projectId);
      return toMetricBody(metric);
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/projects/:projectId/metrics/:metricKey/${action}`,
      { config: write, schema: { tags, params: metricParams, response: withErrors({ 200: metricSchema }) } },
      async (request) => {
        const acting = actingOf(principalOf(request));
        const { projectId, metricKey } = request.params;
        const metric = await db.transaction((tx) =>
          metrics.setMetricArchived(tx, acting, projectId, metricKey, archived),
        );
        await changes.notifyProjectChanged(projectId);
        return toMetricBody(metric);
      },
    );
  }

  app.delete(
    '/projects/:projectId/metrics/:metricKey',
    {
      config: write,
      schema: {
        tags,
        description: 'Refused (409) while an experiment uses the metric; the error details list those experiments.',
        params: metricParams,
        response: withErrors({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, metricKey } = request.params;
      await db.transaction((tx) => metrics.deleteMetric(tx, acting, projectId, metricKey));
      await changes.notifyProjectChanged(projectId);
      return reply.status(204).send();
    },
  );
};
