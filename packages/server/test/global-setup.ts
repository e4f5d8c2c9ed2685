import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { admin, databaseUrl, serverUrl, uniqueDatabaseName } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test file clones; null when the tests run on PGlite. */
    templateDatabase: string | null;
    /** A migrated PGlite data directory, as a tarball each test database starts from; null on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

/**
 * PGlite starts from a migrated copy: creating its data directory from nothing costs seconds of WebAssembly per
 * database, loading a copy a fraction of that.
 */
async function pgliteTemplate(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'tabula-pglite-template-'));
  const handle = await createDatabase({});
  try {
    await migrate(handle);
    if (handle.kind !== 'pglite') throw new Error('expected PGlite');
    const tarball = join(folder, 'template.tar');
    writeFileSync(tarball, Buffer.from(await (await handle.client.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteTemplate', tarball);
  } finally {
    await handle.close();
  }
  return () => rmSync(folder, { recursive: true, force: true });
}

/** Migrating once and cloning per file keeps the suites fast and isolated. */
export default async function setup(project: TestProject) {
  if (!serverUrl()) {
    project.provide('templateDatabase', null);
    return pgliteTemplate(project);
  }
  project.provide('pgliteTemplate', null);
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
