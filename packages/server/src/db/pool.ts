import pg from 'pg';

/** Reports what happened to a connection that nobody was waiting on; the request that holds one learns by its query. */
export type ConnectionProblemListener = (error: Error, what: string) => void;

export interface PoolLimits {
  max: number;
  /** The server cancels a statement after this long (statement_timeout). */
  statementTimeoutMs: number;
}

/** Opening a connection, or waiting for a free one of the pool, takes no longer than this. */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * A statement the server does not answer within its own timeout plus this is on a connection that no longer reaches
 * it (a black-holed network, a frozen host): the client gives up and the connection is thrown away.
 */
const UNANSWERED_GRACE_MS = 2_000;
/** A transaction left open by a vanished client releases its locks after this long. */
const IDLE_IN_TRANSACTION_MS = 30_000;
/** TCP keep-alive probes start after this much silence, so a dead idle connection is found before it is used. */
const KEEPALIVE_DELAY_MS = 10_000;
const IDLE_CONNECTION_MS = 30_000;

type ClientInternals = { _queryable: boolean; connection: { stream: { destroy(): void } } };

/**
 * A pg client that gives up its connection as soon as a statement goes unanswered past its timeout: pg would keep it,
 * and every later statement (a transaction's ROLLBACK, the next request's query) would queue behind the lost one
 * until its own timeout ran out too.
 */
class ClientGivingUpOnSilence extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    (this as unknown as { query: typeof query }).query = (...args) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) this.giveUp();
          if (isBegin(args[0])) this.releaseAfterFailedBegin(error);
        });
      }
      return result;
    };
  }

  /**
   * Drizzle's `transaction()` sends BEGIN before the try whose `finally` releases the client, so a BEGIN that fails
   * (the connection was terminated or black-holed just then) would keep its pool slot for ever: a few such and every
   * request waits for a connection that never comes back. Nobody else holds the client then, so it is given back
   * here, marked broken so the pool drops it.
   */
  private releaseAfterFailedBegin(error: unknown): void {
    const release = (this as unknown as { release?: (error?: Error) => void }).release;
    try {
      release?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // Already back in the pool: it was not checked out by a transaction.
    }
  }

  private giveUp(): void {
    const internals = this as unknown as ClientInternals;
    // The pool reads this flag when the client comes back, and throws the client away.
    internals._queryable = false;
    internals.connection.stream.destroy();
  }
}

const isBegin = (query: unknown): boolean => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
};

/** pg's error for a statement not answered within query_timeout. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * A pool whose every call is bounded in time, and whose lost connections never crash the process: pg emits 'error'
 * on a client whose connection drops, and the pool listens only while the client is idle; a client a request holds
 * (a transaction, a COPY) would otherwise take the process down with it.
 */
export function createPool(
  connectionString: string,
  limits: PoolLimits,
  onProblem: ConnectionProblemListener,
): pg.Pool {
  const pool = new pg.Pool({
    Client: ClientGivingUpOnSilence,
    connectionString,
    max: limits.max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.statementTimeoutMs + UNANSWERED_GRACE_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  });
  // The client's own listener below reports it; the pool's event only says it was idle.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', (error) => onProblem(error, 'a database connection was lost'));
  });
  return pool;
}
