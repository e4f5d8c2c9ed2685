import {
  type FlagUsageSeries,
  flagUsageQuerySchema,
  flagUsageSeriesSchema,
  keySchema,
  sdkInstanceListSchema,
  unknownFlagListSchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { iso, isoOrNull, projectParams, withErrors } from '../../http/schemas';
import { scheduleUsageCleanup } from './retention';
import {
  type FlagUsageSummary,
  getFlagUsage,
  listSdkInstances,
  listUnknownFlags,
  SHIPPED_SDK_VERSIONS,
} from './service';

const flagParams = projectParams.extend({ flagKey: keySchema });

const toUsageBody = (usage: FlagUsageSummary): FlagUsageSeries => ({
  ...usage,
  series: usage.series.map((line) => ({
    ...line,
    points: line.points.map((point) => ({ at: iso(point.at), count: point.count })),
  })),
  lastEvaluatedAt: isoOrNull(usage.lastEvaluatedAt),
});

export const flagUsageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  const tags = ['flag usage'];
  const read = { access: { role: 'viewer' as const, apiKeys: true } };
  app.addHook('onClose', scheduleUsageCleanup(db, app.log));

  app.get(
    '/projects/:projectId/flags/:flagKey/usage',
    {
      config: read,
      schema: {
        tags,
        summary: "A flag's evaluations in one environment, per variant, per hour (up to 7 days) or per day",
        params: flagParams,
        querystring: flagUsageQuerySchema,
        response: withErrors({ 200: flagUsageSeriesSchema }),
      },
    },
    async (request) =>
      toUsageBody(await getFlagUsage(db, request.params.projectId, request.params.flagKey, request.query)),
  );

  app.get(
    '/projects/:projectId/sdk-instances',
    {
      config: read,
      schema: {
        tags,
        summary: 'The SDK clients that reported usage in the last 30 days, with outdated versions flagged',
        params: projectParams,
        response: withErrors({ 200: sdkInstanceListSchema }),
      },
    },
    async (request) => ({
      instances: (await listSdkInstances(db, request.params.projectId)).map((instance) => ({
        environment: instance.environmentKey,
        instanceId: instance.instanceId,
        sdkName: instance.sdkName,
        sdkVersion: instance.sdkVersion,
        outdated: instance.outdated,
        firstSeenAt: iso(instance.firstSeenAt),
        lastSeenAt: iso(instance.lastSeenAt),
      })),
      current: SHIPPED_SDK_VERSIONS,
    }),
  );

  app.get(
    '/projects/:projectId/unknown-flags',
    {
      config: read,
      schema: {
        tags,
        summary: 'Flag keys SDKs evaluated in the last 30 days that the project has no flag for',
        params: projectParams,
        response: withErrors({ 200: unknownFlagListSchema }),
      },
    },
    async (request) => ({
      flags: (await listUnknownFlags(db, request.params.projectId)).map((flag) => ({
        environment: flag.environmentKey,
        flagKey: flag.flagKey,
        evaluations: flag.evaluations,
        firstSeenAt: iso(flag.firstSeenAt),
        lastSeenAt: iso(flag.lastSeenAt),
      })),
    }),
  );
};
