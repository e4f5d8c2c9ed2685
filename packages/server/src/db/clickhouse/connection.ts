import { Readable } from 'node:stream';
import {
  type ClickHouseClient,
  ClickHouseLogLevel,
  type ClickHouseSettings,
  createClient,
  type InsertParams,
} from '@clickhouse/client';
import type { ClickHouseConfig } from '../../config';
import { chIdentifier } from './literal';

/** One call that does not answer within this is given up (the request it serves answers 503). */
const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * How long a connection may stay silent. A long query is not silent: ClickHouse sends a progress header every
 * PROGRESS_INTERVAL_MS while it works. A server that vanished mid-query (a black-holed network) is given up after this,
 * not after the query's own, much longer, limit.
 */
const SILENCE_TIMEOUT_MS = 120_000;
const PROGRESS_INTERVAL_MS = 10_000;
/**
 * How long an idle connection is kept for the next call. ClickHouse closes its end after 3 s (until 23.11; 10 s since):
 * a call sent on a connection just as the server closes it fails with "socket hang up". A busy process runs its
 * timers late, so the client lets connections go well before that, and checks their age again as it takes one.
 */
const IDLE_CONNECTION_MS = 1_500;

export interface ClickHouse {
  /** The database Tabula's tables are in. */
  database: string;
  /** Set when the tables are made ON CLUSTER (replicated, behind a Distributed table). */
  cluster: string | null;
  /** ` ON CLUSTER name`, or nothing on one server. */
  onCluster: string;
  /** A statement without rows (DDL, ALTER, INSERT … SELECT), with settings of its own. */
  command(statement: string, timeoutMs?: number, settings?: ClickHouseSettings): Promise<void>;
  /** A query's rows, as objects. */
  rows<T>(query: string, timeoutMs?: number): Promise<T[]>;
  /** Inserts the rows into a table; resolves once ClickHouse has acknowledged all of them. */
  insert(table: string, rows: readonly object[], timeoutMs?: number): Promise<void>;
  /** Inserts rows written as TabSeparated text (UTF-8, a line each) into the columns named, as `insert` does. */
  insertText(table: string, columns: readonly [string, ...string[]], text: Buffer, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** The address's user, password and database (its path), taken out: the client is given them as settings. */
export function readClickHouseUrl(address: string): {
  url: string;
  username: string;
  password: string;
  database: string;
} {
  const parsed = new URL(address);
  const database = chIdentifier(decodeURIComponent(parsed.pathname.replace(/^\/+|\/+$/g, '')) || 'tabula');
  const username = decodeURIComponent(parsed.username) || 'default';
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  parsed.pathname = '/';
  return { url: parsed.origin, username, password, database };
}

/**
 * Every call carries its own deadline twice: ClickHouse stops the query itself after `max_execution_time`, and the
 * client aborts the request a moment later, for a server that stopped answering altogether.
 */
function limits(timeoutMs: number) {
  return {
    abort_signal: AbortSignal.timeout(timeoutMs + 1000),
    clickhouse_settings: { max_execution_time: Math.max(1, Math.ceil(timeoutMs / 1000)) },
  };
}

/**
 * The client reads a failure's code from current servers' answers only; 18.16 words them `Code: 159, e.displayText()
 * = …`. The code is set from those words too, so a query given up for now is told apart from one that is wrong.
 */
function withServerCode(error: unknown): never {
  if (error instanceof Error && !('code' in error)) {
    const code = /^Code: (\d+),/.exec(error.message)?.[1];
    if (code) Object.assign(error, { code });
  }
  throw error;
}

export function connectClickHouse(config: ClickHouseConfig): ClickHouse {
  const { url, username, password, database } = readClickHouseUrl(config.url);
  const cluster = config.cluster === null ? null : chIdentifier(config.cluster);
  // No default database on the connection: the first start creates it, so every statement names it instead.
  const client: ClickHouseClient = createClient({
    url,
    username,
    password,
    request_timeout: SILENCE_TIMEOUT_MS,
    keep_alive: { idle_socket_ttl: IDLE_CONNECTION_MS, eagerly_destroy_stale_sockets: true },
    application: 'tabula',
    // Failures reach the caller, whose request answers 503 and whose log says so; the client's own log would repeat it.
    log: { level: ClickHouseLogLevel.OFF },
    // A refresh's query may compute for minutes before its first byte: progress headers keep the connection busy, so
    // neither the silence timeout nor a load balancer between closes it as idle.
    clickhouse_settings: {
      send_progress_in_http_headers: 1,
      http_headers_progress_interval_ms: String(PROGRESS_INTERVAL_MS),
    },
  });
  const insert = async (
    table: string,
    params: Pick<InsertParams<Readable, object>, 'values' | 'format' | 'columns'>,
    timeoutMs: number,
  ) => {
    const { clickhouse_settings, abort_signal } = limits(timeoutMs);
    await client
      .insert({
        ...params,
        table: `${database}.${chIdentifier(table)}`,
        abort_signal,
        // Through a Distributed table, the answer waits until every shard has the rows, not just this server's queue.
        clickhouse_settings: cluster ? { ...clickhouse_settings, insert_distributed_sync: 1 } : clickhouse_settings,
      })
      .catch(withServerCode);
  };
  return {
    database,
    cluster,
    onCluster: cluster ? ` ON CLUSTER ${cluster}` : '',
    async command(statement, timeoutMs = DEFAULT_TIMEOUT_MS, settings = {}) {
      const { clickhouse_settings, abort_signal } = limits(timeoutMs);
      await client
        .command({ query: statement, abort_signal, clickhouse_settings: { ...settings, ...clickhouse_settings } })
        .catch(withServerCode);
    },
    async rows<T>(query: string, timeoutMs = DEFAULT_TIMEOUT_MS) {
      const result = await client.query({ query, format: 'JSONEachRow', ...limits(timeoutMs) }).catch(withServerCode);
      return result.json<T>().catch(withServerCode);
    },
    async insert(table, rows, timeoutMs = DEFAULT_TIMEOUT_MS) {
      if (rows.length === 0) return;
      await insert(table, { values: rows as object[], format: 'JSONEachRow' }, timeoutMs);
    },
    async insertText(table, columns, text, timeoutMs = DEFAULT_TIMEOUT_MS) {
      if (text.length === 0) return;
      const values = Readable.from([text], { objectMode: false });
      await insert(table, { values, format: 'TabSeparated', columns: [...columns] }, timeoutMs);
    },
    close: () => client.close(),
  };
}
