import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { admin, databaseUrl, serverUrl, uniqueDatabaseName } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test file clones; null when the tests run on PGlite. */
    templateDatabase: string | null;
  }
}

/** Migrating once and cloning per file keeps PostgreSQL suites fast and isolated. */
export default async function setup(project: TestProject) {
  if (!serverUrl()) {
    project.provide('templateDatabase', null);
    return;
  }
  const template = uniqueDatabaseName('tabula_template');
  await admin(`CREATE DATABASE "${template}"`);
  const handle = await createDatabase({ databaseUrl: databaseUrl(template) });
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  project.provide('templateDatabase', template);
  return async () => {
    await admin(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
}
