import {
  banditPeriodListSchema,
  breakdownQuerySchema,
  experimentAlertListSchema,
  experimentBreakdownSchema,
  experimentResultsSchema,
  keySchema,
  metricBaselineQuerySchema,
  metricBaselineSchema,
  resultsQuerySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { projectParams, withErrors } from '../../http/schemas';
import { banditPeriods } from './bandit-periods';
import { scheduleBanditRecomputations } from './bandit-scheduler';
import { metricBaseline } from './baseline';
import { experimentBreakdown } from './breakdown';
import { createLimiter } from './limiter';
import { scheduleRefreshes } from './scheduler';
import {
  experimentAlerts,
  experimentResults,
  MAX_RUNNING_REFRESHES,
  type ProgressBoard,
  refreshExperiment,
} from './service';

const experimentParams = projectParams.extend({ experimentKey: keySchema });
const metricParams = projectParams.extend({ metricKey: keySchema });
const refreshStartedSchema = z.object({
  startedAt: z.iso.datetime(),
  coversTo: z.iso.datetime().describe('Exposures and events up to this moment are analysed'),
});

export const analysisRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, analysisDb, clickhouse, config, monitoring, changes },
) => {
  const tags = ['results'];
  const progress: ProgressBoard = new Map();
  const refreshing = {
    db,
    analysisDb,
    clickhouse,
    progress,
    log: app.log,
    connections: config.analysisConnections,
    limit: createLimiter(MAX_RUNNING_REFRESHES),
    changes,
    onRefreshed: monitoring.observeRefresh,
  };
  if (config.analysisRefreshMinutes > 0) {
    const stop = scheduleRefreshes(refreshing, config.analysisRefreshMinutes);
    app.addHook('onClose', stop);
    const stopBandits = scheduleBanditRecomputations(refreshing);
    app.addHook('onClose', stopBandits);
  }

  app.get(
    '/projects/:projectId/experiments/:experimentKey/results',
    {
      config: { access: { role: 'viewer', apiKeys: true } },
      schema: {
        tags,
        summary: "The experiment's results from its latest refresh, read with the project's statistics method",
        params: experimentParams,
        querystring: resultsQuerySchema,
        response: withErrors({ 200: experimentResultsSchema }),
      },
    },
    async (request) => {
      const { projectId, experimentKey } = request.params;
      return experimentResults(db, progress, projectId, experimentKey, request.query);
    },
  );

  app.get(
    '/projects/:projectId/experiments/:experimentKey/results/breakdown',
    {
      config: { access: { role: 'viewer', apiKeys: true } },
      schema: {
        tags,
        summary:
          "The latest refresh's results split by a dimension of the units' first exposure (top values, other, unknown), corrected across slices: exploratory",
        params: experimentParams,
        querystring: breakdownQuerySchema,
        response: withErrors({ 200: experimentBreakdownSchema }),
      },
    },
    async (request) => {
      const { projectId, experimentKey } = request.params;
      return experimentBreakdown(refreshing, projectId, experimentKey, request.query);
    },
  );

  app.get(
    '/projects/:projectId/experiments/:experimentKey/bandit',
    {
      config: { access: { role: 'viewer', apiKeys: true } },
      schema: {
        tags,
        summary:
          "A bandit's periods in its current phase, oldest first: each one's weights and the versions' probabilities of being best behind them",
        params: experimentParams,
        response: withErrors({ 200: banditPeriodListSchema }),
      },
    },
    async (request) => {
      const { projectId, experimentKey } = request.params;
      return banditPeriods(db, projectId, experimentKey);
    },
  );

  app.get(
    '/projects/:projectId/experiments/:experimentKey/alerts',
    {
      config: { access: { role: 'viewer', apiKeys: true } },
      schema: {
        tags,
        summary:
          'What refreshes found wrong, newest first: guardrail regressions (always-valid test), sample ratio mismatches, versions without traffic',
        params: experimentParams,
        response: withErrors({ 200: experimentAlertListSchema }),
      },
    },
    async (request) => {
      const { projectId, experimentKey } = request.params;
      return experimentAlerts(db, projectId, experimentKey);
    },
  );

  app.get(
    '/projects/:projectId/metrics/:metricKey/baseline',
    {
      config: { access: { role: 'viewer', apiKeys: true } },
      schema: {
        // A metric's own figures, found with its others in the API's documentation.
        tags: ['metrics'],
        summary:
          "A metric's rate or mean and spread, and the units a day, over the last days among a page's visitors (or all visitors): what a power calculation starts from",
        params: metricParams,
        querystring: metricBaselineQuerySchema,
        response: withErrors({ 200: metricBaselineSchema }),
      },
    },
    async (request) => {
      const { projectId, metricKey } = request.params;
      return metricBaseline(refreshing, projectId, metricKey, request.query);
    },
  );

  app.post(
    '/projects/:projectId/experiments/:experimentKey/results/refresh',
    {
      config: { access: { role: 'editor', apiKeys: true } },
      schema: {
        tags,
        summary: 'Refresh the results now; the results show its progress until it is done (409 while one runs)',
        params: experimentParams,
        response: withErrors({ 202: refreshStartedSchema }),
      },
    },
    async (request, reply) => {
      const { projectId, experimentKey } = request.params;
      const { snapshot } = await refreshExperiment(
        { ...refreshing, log: request.log },
        {
          projectId,
          key: experimentKey,
          trigger: 'manual',
        },
      );
      return reply
        .status(202)
        .send({ startedAt: snapshot.startedAt.toISOString(), coversTo: snapshot.coversTo.toISOString() });
    },
  );
};
