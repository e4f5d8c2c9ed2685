import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Where a second server would connect to the same database; null on PGlite. */
  databaseUrl: string | null;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ TABULA_SECRET: 'test-secret-'.padEnd(40, 'x'), TABULA_PUBLIC_URL: 'http://tabula.test' }),
    consoleDir: join(import.meta.dirname, 'no-console-here'),
    // Cheaper argon2 keeps the suites fast; passwords are still really hashed and verified.
    passwordHashing: { memoryCost: 1024, timeCost: 1 },
    logger: false,
    // Most suites need more than one organization; the closed case is tested on its own.
    openSignup: true,
    // Suites count the projects and audit entries they make; the demo project is tested on its own.
    demo: false,
    // Suites refresh results when they mean to.
    analysisRefreshMinutes: 0,
    // Suites' webhook receivers listen on this machine; the refusal of private addresses is tested on its own.
    webhookAllowPrivate: true,
    // Suites sign up many accounts from one address; the limit is tested on its own.
    accountRequestsPerHour: 100_000,
    ...overrides,
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<BuildAppOptions, 'logStream'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // As a server started with DATABASE_URL would: refreshes share their work over two connections.
  const config = testConfig({ analysisConnections: database.handle.kind === 'postgres' ? 2 : 1, ...overrides });
  const app = await buildApp({ config, database: database.handle, ...options });
  await app.ready();
  return {
    app,
    database: database.handle,
    databaseUrl: database.url,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** One app and one database for the whole file, built before its first test and dropped after its last. */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error('useTestApp: the app exists only inside tests');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get database() {
      return get().database;
    },
    get databaseUrl() {
      return get().databaseUrl;
    },
    get config() {
      return get().config;
    },
    close: () => get().close(),
  };
}
