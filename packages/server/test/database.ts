import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { admin, databaseUrl, uniqueDatabaseName } from './postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Where a second server process would connect; null for PGlite, which one process owns. */
  url: string | null;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

/** A fresh database: a clone of the migrated template on PostgreSQL, a migrated in-memory PGlite otherwise. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('templateDatabase');
  if (!template) {
    const tarball = inject('pgliteTemplate');
    const handle = await createDatabase(tarball ? { loadDataDir: new Blob([readFileSync(tarball)]) } : {});
    await migrate(handle);
    return { handle, url: null, drop: () => handle.close() };
  }
  const name = uniqueDatabaseName('tabula_test');
  await admin(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = databaseUrl(name);
  const handle = await createDatabase({ databaseUrl: url });
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
