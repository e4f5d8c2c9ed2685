import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { createChangeBus } from './db/change-bus';
import type { DatabaseHandle } from './db/client';
import { analysisRoutes } from './features/analysis/routes';
import { apiKeyRoutes } from './features/api-keys/routes';
import { authenticateSecretKey, createClientKeys } from './features/api-keys/service';
import { auditRoutes } from './features/audit/routes';
import { accountSecrets } from './features/auth/account';
import { accountRoutes } from './features/auth/account-routes';
import { createLoginThrottle } from './features/auth/login-throttle';
import { createMfaChallenges } from './features/auth/mfa-challenge';
import { authRoutes } from './features/auth/routes';
import { authenticateSession, createPasswordHasher } from './features/auth/service';
import { registerConsole } from './features/console/routes';
import { demoRoutes } from './features/demo/routes';
import { editorSessionRoutes } from './features/editor-sessions/routes';
import { experimentRoutes } from './features/experiments/routes';
import { flagUsageRoutes } from './features/flag-usage/routes';
import { flagRoutes } from './features/flags/routes';
import { gettingStartedRoutes } from './features/getting-started/routes';
import { healthRoutes } from './features/health/routes';
import { layerRoutes } from './features/layers/routes';
import { metricRoutes } from './features/metrics/routes';
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
import { createPayloadCache } from './features/sdk-payload/service';
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
  // Cookies must be parsed before the access hook reads them, and the hook must see every route registered.
  await registerSecurity(app, config);
  allowConsoleOrigins(app, config);
  registerAccess(app, {
    config,
    auth: {
      session: (token) => authenticateSession(db, token),
      secretKey: (token) => authenticateSecretKey(db, token),
      projectAccess: (projectId, principal) => projectAccess(db, projectId, principal),
    },
  });
  await registerOpenApi(app, config);

  const changes = await createChangeBus(database, app.log);
  const clientKeys = createClientKeys(db, changes, app.log);
  const payloads = createPayloadCache(db, changes, app.log);
  const eventWriter = createEventIngest(database, app.log);
  const webhookSecrets = secretBox(config.secret, 'webhook secrets');
  const webhookWorker = createDeliveryWorker({ db, secrets: webhookSecrets, log: app.log });
  // Most changes a webhook announces are followed by a change notification once committed: their rows are due now.
  const stopWakingWebhooks = changes.subscribe(() => webhookWorker.wake());
  const stopAnnouncingRevisions = watchPayloadRevisions({
    db,
    changes,
    payloads,
    log: app.log,
    onQueued: () => webhookWorker.wake(),
  });
  app.addHook('onClose', async () => {
    stopWakingWebhooks();
    stopAnnouncingRevisions();
    // Attempts in flight are recorded before the database goes away.
    await webhookWorker.close();
    // Batches already accepted for writing are stored before the database goes away.
    await eventWriter.close();
    clientKeys.close();
    payloads.close();
    await changes.close();
  });
  const context: AppContext = {
    config,
    db,
    analysisDb: database.analysisDb,
    passwords: createPasswordHasher(config.passwordHashing),
    throttle: createLoginThrottle(),
    mfaChallenges: createMfaChallenges(config.secret),
    accountSecrets: accountSecrets(config.secret),
    changes,
    clientKeys,
    payloads,
    eventWriter,
    webhooks: { secrets: webhookSecrets, worker: webhookWorker },
  };
  await app.register(healthRoutes, context);
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
    analysisRoutes,
    metricRoutes,
    transferRoutes,
    diagnosticsRoutes,
    gettingStartedRoutes,
    webhookRoutes,
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
