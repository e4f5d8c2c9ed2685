// How many SDK events per second the server stores: 50 senders each posting batches of 100 events (each batch with
// new event ids) as fast as the server answers. A 202 means the batch is committed, so every counted event is in the
// database. The database is PGlite, or PostgreSQL when DATABASE_URL is set (as for the api bench); then the same load
// again with the events in ClickHouse (TABULA_BENCH_CLICKHOUSE_URL, by default the one scripts/clickhouse-for-tests.sh
// starts), configuration still in that database; once more into a ClickHouse of its own that keeps its files in
// memory (/dev/shm), to show what the disk's file system costs: each insert is a new part of 32 files; and into the
// first ClickHouse again from MANY_SENDERS, as a busy site's many browsers send: 50 senders waiting for their answers
// hold at most 5,000 events, so each insert stays small, and ClickHouse's cost is per insert more than per event.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createClientKey, signUpOwnerWithProject } from '../e2e/support/owner';
import { freePort, startServer } from '../e2e/support/server';

const SENDERS = 50;
const MANY_SENDERS = 200;
const EVENTS_PER_BATCH = 100;
const DURATION_SECONDS = 10;
/**
 * Batches made before the clock starts, enough for 150,000 events/s: the senders run on the same two cores as the
 * server and the database, and making batches on the way would count their work against the server.
 */
const PREPARED_BATCHES = 15_000;

/** A page's worth of events: exposures and purchases of different visitors, each with a fresh id. */
function batch(): string {
  const prefix = randomUUID();
  const now = Date.now();
  const events = [];
  for (let index = 0; index < EVENTS_PER_BATCH; index++) {
    const unitId = `visitor-${(index * 7919) % 5000}`;
    events.push(
      index % 2 === 0
        ? { id: `${prefix}-${index}`, type: 'exposure', at: now, unitId, experiment: 'checkout', version: 'b' }
        : {
            id: `${prefix}-${index}`,
            type: 'track',
            at: now,
            unitId,
            event: 'purchase',
            value: index * 1.5,
            properties: { sku: `sku-${index}` },
          },
    );
  }
  return JSON.stringify({ events });
}

const CLICKHOUSE_URL = process.env.TABULA_BENCH_CLICKHOUSE_URL ?? 'http://127.0.0.1:18123';

/** Events per second stored by a server started with `env`, and the 99th percentile of its answers. */
async function measure(
  env: Record<string, string>,
  senders = SENDERS,
): Promise<{ eventsPerSecond: number; p99Ms: number }> {
  const prepared = Array.from({ length: PREPARED_BATCHES }, batch);
  const server = await startServer({ TABULA_SDK_EVENT_RATE_LIMIT: '100000000', ...env });
  try {
    const key = await createClientKey(server.url, await signUpOwnerWithProject(server.url));
    const result = await autocannon({
      url: server.url,
      connections: senders,
      duration: DURATION_SECONDS,
      requests: [
        {
          method: 'POST',
          path: `/sdk/v1/events/${key}`,
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: prepared.pop() ?? batch() }),
        },
      ],
    });
    const stored = result['2xx'];
    if (result.errors > 0 || stored !== result.requests.total) {
      throw new Error(`${result.requests.total} batches sent, ${stored} stored (202), ${result.errors} errors`);
    }
    return { eventsPerSecond: Math.round((stored * EVENTS_PER_BATCH) / DURATION_SECONDS), p99Ms: result.latency.p99 };
  } finally {
    await server.stop();
  }
}

const startClickHouse = (env: Record<string, string> = {}) =>
  execFileSync(new URL('../scripts/clickhouse-for-tests.sh', import.meta.url).pathname, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });

/** The same load into a database of its own on the ClickHouse at `url`, dropped afterwards. */
async function measureClickHouse(url: string, senders = SENDERS) {
  const database = `tabula_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  try {
    return await measure({ TABULA_CLICKHOUSE_URL: `${url}/${database}` }, senders);
  } finally {
    await fetch(`${url}/?query=${encodeURIComponent(`DROP DATABASE IF EXISTS ${database}`)}`, { method: 'POST' });
  }
}

/** A second test ClickHouse, its files in memory, on free ports; stopped and removed afterwards. */
async function measureClickHouseInMemory() {
  const [http, tcp, interserver, zookeeper] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const state = join(mkdtempSync(join(tmpdir(), 'tabula-bench-')), 'clickhouse');
  startClickHouse({
    TMPDIR: '/dev/shm',
    CLICKHOUSE_TEST_STATE: state,
    CLICKHOUSE_TEST_HTTP_PORT: String(http),
    CLICKHOUSE_TEST_TCP_PORT: String(tcp),
    CLICKHOUSE_TEST_INTERSERVER_PORT: String(interserver),
    CLICKHOUSE_TEST_ZOOKEEPER_PORT: String(zookeeper),
  });
  const [dir, ...pids] = readFileSync(state, 'utf8').trim().split('\n');
  try {
    return await measureClickHouse(`http://127.0.0.1:${http}`);
  } finally {
    for (const pid of pids) process.kill(Number(pid), 'SIGKILL');
    rmSync(dir!, { recursive: true, force: true });
    rmSync(join(state, '..'), { recursive: true, force: true });
  }
}

// The bench starts the test ClickHouse when none answers (installing Debian's package if needed).
if (!process.env.TABULA_BENCH_CLICKHOUSE_URL) startClickHouse();
const sql = await measure({});
const clickhouse = await measureClickHouse(CLICKHOUSE_URL);
const inMemory = existsSync('/dev/shm') ? await measureClickHouseInMemory() : null;
const manySenders = await measureClickHouse(CLICKHOUSE_URL, MANY_SENDERS);
console.log(
  JSON.stringify({
    name: 'ingest',
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    senders: SENDERS,
    eventsPerBatch: EVENTS_PER_BATCH,
    seconds: DURATION_SECONDS,
    eventsPerSecond: sql.eventsPerSecond,
    p99Ms: sql.p99Ms,
    clickhouseEventsPerSecond: clickhouse.eventsPerSecond,
    clickhouseP99Ms: clickhouse.p99Ms,
    clickhouseVsDatabase: Number((clickhouse.eventsPerSecond / sql.eventsPerSecond).toFixed(2)),
    clickhouseInMemoryEventsPerSecond: inMemory?.eventsPerSecond ?? null,
    clickhouseInMemoryP99Ms: inMemory?.p99Ms ?? null,
    manySenders: MANY_SENDERS,
    clickhouseManySendersEventsPerSecond: manySenders.eventsPerSecond,
    clickhouseManySendersP99Ms: manySenders.p99Ms,
  }),
);
