import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CONNECT_TIMEOUT_MS, type ConnectionProblemListener, createPool } from './pool';
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
export type CopyFrom = (statement: string, data: Buffer) => Promise<void>;

export type DatabaseHandle = {
  db: Database;
  /** For statements that may rightly run for minutes (refreshing results); the same as `db` on PGlite. */
  analysisDb: Database;
  /** Reports connections lost or closed while nobody's statement was there to fail. */
  onConnectionProblem(listener: ConnectionProblemListener): void;
  close(): Promise<void>;
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /** How the connection pools are used, by pool; none on PGlite, which has no connections. */
  poolUse: Record<string, () => PoolUse>;
} & (
  | { kind: 'pglite'; driver: PgliteDatabase<Schema>; client: PGlite }
  | { kind: 'postgres'; driver: NodePgDatabase<Schema>; copyFrom: CopyFrom }
);

export interface PoolUse {
  total: number;
  idle: number;
  /** Statements waiting for a connection. */
  waiting: number;
}

const readPoolUse = (pool: pg.Pool) => (): PoolUse => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

export interface DatabaseOptions {
  /** A postgres:// URL; without one the embedded PGlite is used. */
  databaseUrl?: string | null;
  /** Tabula's data directory; PGlite keeps its files in its `pglite` folder. Absent: in memory. */
  dataDir?: string | null;
  /** An in-memory PGlite starts from this dump of a data directory (tests start from a migrated one). */
  loadDataDir?: Blob;
}

/** A request's statement: longer than any of them should take, short enough for an SDK to wait for its answer. */
const STATEMENT_TIMEOUT_MS = 10_000;
/** A refresh of results over tens of millions of events takes minutes, not hours. */
const ANALYSIS_STATEMENT_TIMEOUT_MS = 30 * 60_000;
/** Two refreshes at once, each over up to eight connections plus the one that coordinates them. */
const ANALYSIS_POOL_SIZE = 2 * 9;

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const problemListeners = new Set<ConnectionProblemListener>();
  const onProblem: ConnectionProblemListener = (error, what) => {
    for (const listener of problemListeners) listener(error, what);
  };
  const onConnectionProblem = (listener: ConnectionProblemListener) => void problemListeners.add(listener);
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const pool = createPool(url, { max: 10, statementTimeoutMs: STATEMENT_TIMEOUT_MS }, onProblem);
    const analysisPool = createPool(
      url,
      { max: ANALYSIS_POOL_SIZE, statementTimeoutMs: ANALYSIS_STATEMENT_TIMEOUT_MS },
      onProblem,
    );
    const driver = drizzleNodePg({ client: pool, schema });
    let closing: Promise<void> | undefined;
    return {
      kind: 'postgres',
      driver,
      db: driver,
      analysisDb: drizzleNodePg({ client: analysisPool, schema }),
      onConnectionProblem,
      close: () => (closing ??= Promise.all([pool.end(), analysisPool.end()]).then(() => {})),
      copyFrom: (statement, data) => copyFromPool(pool, statement, data),
      listen: (channel, listener) => listenPostgres(url, channel, listener),
      poolUse: { main: readPoolUse(pool), analysis: readPoolUse(analysisPool) },
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
    analysisDb: driver,
    // One process owns the embedded database: there is no connection to lose.
    onConnectionProblem,
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
    poolUse: {},
  };
}

async function copyFromPool(pool: pg.Pool, statement: string, data: Buffer): Promise<void> {
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
 * A listening connection only receives, so a network that silently drops it would go unnoticed for ever: it is asked
 * something this often, and replaced when the answer does not come.
 */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/** Closes a client's socket at once: `end()` waits for a server that may never answer. */
function destroyClient(client: pg.Client): void {
  client.end().catch(() => {});
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

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
  const heartbeat = setInterval(() => {
    const current = client;
    if (!current) return;
    current.query('select 1').catch((error: unknown) => {
      listener.onError(error);
      reconnect(current);
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
      keepAlive: true,
    });
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
      destroyClient(next);
      throw error;
    }
    if (stopped) destroyClient(next);
    else client = next;
  };

  const reconnect = (dropped: pg.Client) => {
    if (stopped || client !== dropped) return;
    client = null;
    destroyClient(dropped);
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
    clearInterval(heartbeat);
    const open = client;
    client = null;
    if (open) destroyClient(open);
  };
}
