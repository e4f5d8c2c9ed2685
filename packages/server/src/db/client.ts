import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers; a transaction is one too, so services accept either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = { db: Database; close(): Promise<void> } & (
  | { kind: 'pglite'; driver: PgliteDatabase<Schema> }
  | { kind: 'postgres'; driver: NodePgDatabase<Schema> }
);

export interface DatabaseOptions {
  /** A postgres:// URL; without one the embedded PGlite is used. */
  databaseUrl?: string | null;
  /** Tabula's data directory; PGlite keeps its files in its `pglite` folder. Absent: in memory. */
  dataDir?: string | null;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const driver = drizzleNodePg({ client: pool, schema });
    let closing: Promise<void> | undefined;
    return { kind: 'postgres', driver, db: driver, close: () => (closing ??= pool.end()) };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir);
  const driver = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    driver,
    db: driver,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
