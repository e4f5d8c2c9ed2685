import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers; a transaction is one too, so services accept either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Receives the notifications of one channel until the returned function stops it. */
export interface NotificationListener {
  onNotification(payload: string): void;
  /** Notifications may have been missed (the dedicated connection dropped and came back). */
  onGap(): void;
  onError(error: unknown): void;
}

/** Runs `COPY … FROM STDIN` with `data` in the statement's format, on a connection of its own. */
export type CopyFrom = (statement: string, data: string) => Promise<void>;

export type DatabaseHandle = {
  db: Database;
  close(): Promise<void>;
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
} & (
  | { kind: 'pglite'; driver: PgliteDatabase<Schema>; client: PGlite }
  | { kind: 'postgres'; driver: NodePgDatabase<Schema>; copyFrom: CopyFrom }
);

export interface DatabaseOptions {
  /** A postgres:// URL; without one the embedded PGlite is used. */
  databaseUrl?: string | null;
  /** Tabula's data directory; PGlite keeps its files in its `pglite` folder. Absent: in memory. */
  dataDir?: string | null;
  /** An in-memory PGlite starts from this dump of a data directory (tests start from a migrated one). */
  loadDataDir?: Blob;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const driver = drizzleNodePg({ client: pool, schema });
    let closing: Promise<void> | undefined;
    return {
      kind: 'postgres',
      driver,
      db: driver,
      close: () => (closing ??= pool.end()),
      copyFrom: (statement, data) => copyFromPool(pool, statement, data),
      listen: (channel, listener) => listenPostgres(options.databaseUrl!, channel, listener),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const driver = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    driver,
    client,
    db: driver,
    close: async () => {
      if (!client.closed) await client.close();
    },
    // One PGlite belongs to one process, so its own LISTEN/NOTIFY reaches every reader there is.
    listen: async (channel, listener) => {
      const stop = await client.listen(channel, (payload) => listener.onNotification(payload));
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

async function copyFromPool(pool: pg.Pool, statement: string, data: string): Promise<void> {
  const client = await pool.connect();
  try {
    const stream = client.query(copyFrom(statement));
    stream.end(data);
    await finished(stream);
    client.release();
  } catch (error) {
    // An error the server reported (a constraint, say) leaves the connection usable; any other one may not.
    client.release(error instanceof pg.DatabaseError ? undefined : (error as Error));
    throw error;
  }
}

const RECONNECT_DELAY_MS = 1000;

/**
 * LISTEN needs a connection of its own that stays open: a pooled one goes back to the pool between queries.
 * When it drops, it is opened again every second until it works; what was sent meanwhile is lost, hence `onGap`.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  listener: NotificationListener,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onNotification(message.payload ?? '');
    });
    next.on('error', (error) => {
      listener.onError(error);
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) await next.end().catch(() => {});
    else client = next;
  };

  const reconnect = (dropped: pg.Client) => {
    if (stopped || client !== dropped) return;
    client = null;
    dropped.end().catch(() => {});
    retry = setTimeout(function attempt() {
      if (stopped) return;
      connect().then(
        () => listener.onGap(),
        (error: unknown) => {
          listener.onError(error);
          retry = setTimeout(attempt, RECONNECT_DELAY_MS);
        },
      );
    }, RECONNECT_DELAY_MS);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const open = client;
    client = null;
    await open?.end().catch(() => {});
  };
}
