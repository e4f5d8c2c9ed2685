/**
 * Whether an error says the database cannot be reached right now (a lost or refused connection, a timeout, a server
 * shutting down), rather than that the statement is wrong: the request may succeed later, so it is answered 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as Error).cause, depth += 1) {
    if (isUnavailableCause(current)) return true;
  }
  return false;
}

/** SQLSTATE classes and codes of a database that is away: connection exceptions, shutdowns, cancelled statements. */
const UNAVAILABLE_STATES = /^(08|57P0[1-4]|57014|53300|53400)/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * ClickHouse's codes for a query given up or refused for now: TIMEOUT_EXCEEDED, TOO_MANY_SIMULTANEOUS_QUERIES,
 * SOCKET_TIMEOUT, NETWORK_ERROR, and TABLE_IS_READ_ONLY (a replica that lost ZooKeeper).
 */
const CLICKHOUSE_BUSY_CODES = new Set(['159', '202', '209', '210', '242']);
/** pg's and PGlite's own words for a connection that is gone or not answering. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end',
  'PGlite is closed',
  // The ClickHouse client's words when our own deadline cut a call short, or the connection fell silent.
  'The user aborted a request',
  'Timeout error.',
];

function isUnavailableCause(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || NETWORK_CODES.has(code))) return true;
  if (typeof code === 'string' && CLICKHOUSE_BUSY_CODES.has(code)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.includes(words));
}
