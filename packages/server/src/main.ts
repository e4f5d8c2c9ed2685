import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { migrate } from './db/migrate';

function readConfig() {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
const database = await createDatabase(config);
await migrate(database);
const app = await buildApp({ config, database });

/** A stop that takes longer than this is stuck: the process exits anyway, and says so. */
const SHUTDOWN_LIMIT_MS = 10_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  let step = 'closing the server';
  setTimeout(() => {
    app.log.error({ step }, `stopping took more than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS).unref();
  // In-flight requests finish (and accepted events are stored) before the database goes away. An event batch that a
  // forced exit cuts off was never answered 202, so its SDK sends it again.
  await app.close();
  step = 'closing the database';
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`Tabula ${config.releaseId} at ${config.publicUrl} (${database.kind})`);
