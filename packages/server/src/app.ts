import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { createChangeBus } from './db/change-bus';
import { connectClickHouse } from './db/clickhouse/connection';
import { migrateClickHouse } from './db/clickhouse/schema';
import type { DatabaseHandle } from './db/client';
import { analysisRoutes } from './features/analysis/routes';
import { apiKeyRoutes } from './features/api-keys/routes';
import { authenticateSecretKey, createClientKeys } from './features/api-keys/service';
import { auditRoutes } from './features/audit/routes';
import { accountSecrets } from './features/auth/account';
import { accountRoutes } from './features/auth/account-routes';
import { memoryThrottleStore, withFallback } from './features/auth/login-throttle';
import { redisThrottleStore } from './features/auth/login-throttle.redis';
import { createMfaChallenges } from './features/auth/mfa-challenge';
import { authRoutes } from './features/auth/routes';
import { authenticateSession, createPasswordHasher } from './features/auth/service';
import { divertToDraft } from './features/change-requests/divert';
import { changeRequestRoutes } from './features/change-requests/routes';
import { createChangeScheduler } from './features/change-requests/scheduler';
import { registerConsole } from './features/console/routes';
import { demoRoutes } from './features/demo/routes';
import { editorSessionRoutes } from './features/editor-sessions/routes';
import { createEventPartitionUpkeep } from './features/event-retention/scheduler';
import { experimentTemplateRoutes } from './features/experiment-templates/routes';
import { experimentRoutes } from './features/experiments/routes';
import { flagUsageRoutes } from './features/flag-usage/routes';
import { flagRoutes } from './features/flags/routes';
import { gettingStartedRoutes } from './features/getting-started/routes';
import { healthRoutes } from './features/health/routes';
import { holdoutRoutes } from './features/holdouts/routes';
import { layerRoutes } from './features/layers/routes';
import { metricRoutes } from './features/metrics/routes';
import { monitoringRoutes } from './features/monitoring/routes';
import { ofrepRoutes } from './features/ofrep/routes';
import { organizationRoutes } from './features/organization/routes';
import { projectAccessRoutes } from './features/project-access/routes';
import { projectAccess } from './features/project-access/service';
import { environmentRoutes } from './features/projects/environment-routes';
import { projectRoutes } from './features/projects/routes';
import { diagnosticsRoutes } from './features/rum/diagnostics-routes';
import { rumRoutes } from './features/rum/routes';
import { sdkBundleRoutes } from './features/sdk-bundles/routes';
import { sdkEventRoutes } from './features/sdk-events/routes';
import { createEventIngest } from './features/sdk-events/service';
import { sdkPayloadRoutes } from './features/sdk-payload/routes';
import { createLoggedExposures, createPayloadCache } from './features/sdk-payload/service';
import { segmentRoutes } from './features/segments/routes';
import { ssoRoutes } from './features/sso/routes';
import { transferRoutes } from './features/transfer/routes';
import { watchPayloadRevisions } from './features/webhooks/payload-revisions';
import { webhookRoutes } from './features/webhooks/routes';
import { createDeliveryWorker } from './features/webhooks/worker';
import { registerAccess } from './http/access';
import { closeConnectionsWhileClosing } from './http/close-connections';
import { allowConsoleOrigins } from './http/console-origin';
import { registerErrorHandler } from './http/error-handler';
import { answerRefusedAddress, refuseHostileInput } from './http/hostile-input';
import { logSerializers } from './http/log-errors';
import { registerOpenApi, registerSecurity } from './http/plugins';
import { createMonitoring } from './lib/monitoring';
import { closeRedis, createRedis, firstConnection, occasionalWarning } from './lib/redis';
import { secretBox } from './lib/secret-box';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where the log goes when `config.logger` is on; standard output unless given. */
  logStream?: NodeJS.WritableStream;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp({ config, database, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger && { serializers: logSerializers, ...(logStream && { stream: logStream }) },
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: answerRefusedAddress,
    trustProxy: config.trustProxy,
  });
  const { db } = database;
  database.onConnectionProblem((error, what) => app.log.warn({ err: error }, what));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; a route that takes text (sendBeacon) adds its own parser in its own scope.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  refuseHostileInput(app);
  closeConnectionsWhileClosing(app);
  // Several server processes behind a load balancer count their rate limits together in it.
  const redis = config.redisUrl ? createRedis(config.redisUrl, config.redisKeyPrefix, app.log) : null;
  if (redis) {
    app.addHook('onReady', () => firstConnection(redis));
    app.addHook('onClose', () => closeRedis(redis));
  }
  // Cookies must be parsed before the access hook reads them, and the hook must see every route registered.
  await registerSecurity(app, config, redis);
  allowConsoleOrigins(app, config);
  registerAccess(app, {
    config,
    auth: {
      session: (token) => authenticateSession(db, token),
      secretKey: (token) => authenticateSecretKey(db, token),
      projectAccess: (projectId, principal) => projectAccess(db, projectId, principal),
      divert: (projectId, principal, operation) => divertToDraft(db, projectId, principal, operation),
    },
  });
  await registerOpenApi(app, config);

  const monitoring = createMonitoring();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    monitoring.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  for (const [pool, use] of Object.entries(database.poolUse)) monitoring.watchPool(pool, use);
  const changes = await createChangeBus(database, app.log);
  const clientKeys = createClientKeys(db, changes, app.log);
  const payloads = createPayloadCache(db, changes, app.log, monitoring.observePayloadRebuild);
  // Events move to ClickHouse when it is configured; its schema is brought up to date before the first request.
  const clickhouse = config.clickhouse ? connectClickHouse(config.clickhouse) : null;
  if (clickhouse) {
    const ran = await migrateClickHouse(clickhouse);
    if (ran.length > 0) app.log.info({ migrations: ran }, 'ClickHouse schema migrated');
  }
  const eventWriter = createEventIngest(database, clickhouse, app.log, monitoring.observeIngestGroup);
  monitoring.watchIngestQueue(() => eventWriter.queued());
  const webhookSecrets = secretBox(config.secret, 'webhook secrets');
  const webhookWorker = createDeliveryWorker({
    db,
    secrets: webhookSecrets,
    log: app.log,
    allowPrivate: config.webhookAllowPrivate,
  });
  // Most changes a webhook announces are followed by a change notification once committed: their rows are due now.
  const stopWakingWebhooks = changes.subscribe(() => webhookWorker.wake());
  const stopAnnouncingRevisions = watchPayloadRevisions({
    db,
    changes,
    payloads,
    log: app.log,
    onQueued: () => webhookWorker.wake(),
  });
  const scheduler = createChangeScheduler({ db, changes, log: app.log });
  const eventPartitions = createEventPartitionUpkeep({
    db,
    retentionMonths: config.eventRetentionMonths,
    clickhouse,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    // A change being applied commits (or rolls back) before the database goes away.
    await scheduler.close();
    await eventPartitions.close();
    stopWakingWebhooks();
    stopAnnouncingRevisions();
    // Attempts in flight are recorded before the database goes away.
    await webhookWorker.close();
    // Batches already accepted for writing are stored before the database goes away.
    await eventWriter.close();
    clientKeys.close();
    payloads.close();
    await changes.close();
    await clickhouse?.close();
  });
  const context: AppContext = {
    config,
    db,
    analysisDb: database.analysisDb,
    clickhouse,
    passwords: createPasswordHasher(config.passwordHashing),
    throttle: redis
      ? withFallback(
          redisThrottleStore(redis),
          memoryThrottleStore(),
          occasionalWarning(app.log, 'Redis failed: the sign-in throttle counts in this process until it is back'),
        )
      : memoryThrottleStore(),
    mfaChallenges: createMfaChallenges(config.secret),
    accountSecrets: accountSecrets(config.secret),
    changes,
    clientKeys,
    payloads,
    eventWriter,
    loggedExposures: createLoggedExposures(),
    webhooks: { secrets: webhookSecrets, worker: webhookWorker },
    monitoring,
  };
  await app.register(healthRoutes, context);
  await app.register(monitoringRoutes, context);
  await app.register(ssoRoutes, context);
  for (const routes of [
    authRoutes,
    accountRoutes,
    organizationRoutes,
    projectRoutes,
    projectAccessRoutes,
    environmentRoutes,
    apiKeyRoutes,
    auditRoutes,
    segmentRoutes,
    flagRoutes,
    flagUsageRoutes,
    layerRoutes,
    experimentRoutes,
    experimentTemplateRoutes,
    holdoutRoutes,
    analysisRoutes,
    metricRoutes,
    transferRoutes,
    diagnosticsRoutes,
    gettingStartedRoutes,
    webhookRoutes,
    changeRequestRoutes,
  ]) {
    await app.register(routes, { ...context, prefix: '/api/v1' });
  }
  await app.register(editorSessionRoutes, context);
  await app.register(sdkPayloadRoutes, context);
  await app.register(ofrepRoutes, context);
  await app.register(sdkEventRoutes, context);
  await app.register(rumRoutes, context);
  await app.register(sdkBundleRoutes, context);
  await app.register(demoRoutes, context);
  await registerConsole(app, config);
  return app;
}
