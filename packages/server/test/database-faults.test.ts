import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM_MEMORY_HEADER } from '../src/features/sdk-payload/service';
import { createTestApp, type TestApp } from './app';
import { createKey } from './client';
import { type FaultProxy, startFaultProxy } from './fault-proxy';
import { serverUrl } from './postgres';
import { sdkProject } from './sdk';
import { type ServerProcess, startServerProcess } from './server-process';

/** Longer than the longest a request may take with the database gone: a pool slot, a statement and its grace. */
const ANSWER_WITHIN_MS = 20_000;
/** Once the database is back, events are stored again within this. */
const RECOVERY_WITHIN_MS = 10_000;
/**
 * A black hole longer than a statement's timeout, and than the notification connection's heartbeat can take to find
 * it (10 s between beats, 5 s for an answer) and a payload rebuild is waited for (1 s): on a busy machine timers run
 * late, and the payloads served from memory come only after all of these.
 */
const BLACK_HOLE_MS = 22_000;

/** What each route answers when all is well. */
const SUCCESS = { events: 202, payload: 200, flags: 201 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  route: 'events' | 'payload' | 'flags';
  status: number | 'no answer' | 'network error';
  ms: number;
  retryAfter: string | null;
  fromMemory: boolean;
  at: number;
}

/**
 * Console writes, payload reads and event batches against one real server process, sent until stopped; every
 * answer is recorded, and the ids of every event batch answered 202.
 */
function startTraffic(url: string, keys: { client: string; secret: string; projectId: string }) {
  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  let running = true;

  const send = async (route: Outcome['route'], path: string, init: RequestInit = {}) => {
    const started = Date.now();
    try {
      const response = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
      await response.arrayBuffer();
      outcomes.push({
        route,
        status: response.status,
        ms: Date.now() - started,
        retryAfter: response.headers.get('retry-after'),
        fromMemory: response.headers.get(FROM_MEMORY_HEADER) === 'unavailable',
        at: started,
      });
      return response.status;
    } catch (error) {
      const status = (error as Error).name === 'TimeoutError' ? 'no answer' : 'network error';
      outcomes.push({ route, status, ms: Date.now() - started, retryAfter: null, fromMemory: false, at: started });
      return status;
    }
  };

  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  const events = async () => {
    while (running) {
      const ids = Array.from({ length: 20 }, () => randomUUID());
      const batch = { events: ids.map((id) => ({ type: 'track', id, at: Date.now(), unitId: id, event: 'buy' })) };
      if ((await send('events', `/sdk/v1/events/${keys.client}`, json(batch))) === 202) acknowledged.push(...ids);
      await sleep(20);
    }
  };
  const payloads = async () => {
    while (running) {
      await send('payload', `/sdk/v1/payload/${keys.client}`);
      await sleep(50);
    }
  };
  const flags = async () => {
    while (running) {
      const key = `flag-${randomUUID().slice(0, 8)}`;
      const body = { key, name: key, type: 'boolean' };
      await send(
        'flags',
        `/api/v1/projects/${keys.projectId}/flags`,
        json(body, { authorization: `Bearer ${keys.secret}` }),
      );
      await sleep(50);
    }
  };
  const loops = Promise.all([events(), events(), events(), payloads(), flags()]);
  return {
    outcomes,
    acknowledged,
    async stop() {
      running = false;
      await loops;
    },
  };
}

/** Closes, in the database itself, every connection the server holds (as a restart or a failover would). */
async function terminateBackends(databaseName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl()! });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

async function waitUntil(
  server: ServerProcess,
  what: string,
  limitMs: number,
  check: () => Promise<boolean>,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited (${server.child.exitCode}):\n${server.output().slice(-3000)}`);
    }
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${limitMs} ms`);
}

describe.skipIf(!serverUrl())('a server whose database misbehaves (PostgreSQL through a faulty proxy)', () => {
  let setup: TestApp;
  let proxy: FaultProxy;
  let server: ServerProcess;
  let keys: { client: string; secret: string; projectId: string };

  beforeAll(async () => {
    // The data is made in this process, straight on the database; the server under test reaches it by the proxy.
    setup = await createTestApp();
    const project = await sdkProject(setup.app);
    const secret = await createKey(setup.app, project.owner, project.projectId, 'secret');
    keys = { client: project.clientKey, secret: secret.key, projectId: project.projectId };
    proxy = await startFaultProxy(setup.databaseUrl!);
    server = await startServerProcess({ DATABASE_URL: proxy.url, TABULA_SECRET: 'fault-test-'.padEnd(40, 'x') });
  }, 90_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await proxy?.close();
    await setup?.close();
  });

  it('lives through lost, reset and black-holed connections, answers every request, and loses nothing', async () => {
    const databaseName = new URL(setup.databaseUrl!).pathname.slice(1);
    const traffic = startTraffic(server.url, keys);
    await sleep(1500);
    expect(await terminateBackends(databaseName)).toBeGreaterThan(0);
    await sleep(1500);
    proxy.cut();
    await sleep(1500);
    proxy.reset();
    await sleep(1500);
    proxy.blackHole();
    const blackHoleFrom = Date.now();
    await sleep(BLACK_HOLE_MS);
    proxy.heal();
    const healedAt = Date.now();

    const recoveredIn = await waitUntil(server, 'events stored again', RECOVERY_WITHIN_MS, async () =>
      traffic.outcomes.some((outcome) => outcome.route === 'events' && outcome.status === 202 && outcome.at > healedAt),
    );
    await waitUntil(
      server,
      'healthy again',
      RECOVERY_WITHIN_MS,
      async () => (await fetch(`${server.url}/api/health`)).ok,
    );
    await sleep(1000);
    await traffic.stop();

    const { outcomes } = traffic;
    // The run's figures, for whoever reads the log: how much was refused, the slowest answer, the recovery.
    console.info(
      JSON.stringify({
        requests: outcomes.length,
        refused503: outcomes.filter((outcome) => outcome.status === 503).length,
        servedFromMemory: outcomes.filter((outcome) => outcome.fromMemory).length,
        slowestAnswerMs: Math.max(...outcomes.map((outcome) => outcome.ms)),
        ingestRecoveredMs: recoveredIn,
        acknowledgedEvents: traffic.acknowledged.length,
      }),
    );
    expect(server.child.exitCode, server.output().slice(-4000)).toBeNull();
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
    // Every request was answered in time, never with a 500; a refusal says when to come back.
    expect(outcomes.filter((outcome) => typeof outcome.status !== 'number')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 500)).toEqual([]);
    const refused = outcomes.filter((outcome) => outcome.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((outcome) => outcome.retryAfter === null)).toEqual([]);
    for (const [route, success] of Object.entries(SUCCESS)) {
      const answered = outcomes.filter((outcome) => outcome.route === route && outcome.at > healedAt + recoveredIn);
      expect(answered.some((outcome) => outcome.status === success)).toBe(true);
    }
    // While the database was black-holed the payload was served from memory, and said so.
    const duringBlackHole = outcomes.filter(
      (outcome) => outcome.route === 'payload' && outcome.at > blackHoleFrom && outcome.at < healedAt,
    );
    expect(duringBlackHole.filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect(duringBlackHole.some((outcome) => outcome.fromMemory)).toBe(true);

    // Nothing acknowledged is lost.
    const check = new pg.Client({ connectionString: setup.databaseUrl! });
    await check.connect();
    try {
      const stored = await check.query<{ count: string }>(
        'select count(*) from event where project_id = $1 and event_id = any($2)',
        [keys.projectId, traffic.acknowledged],
      );
      expect(Number(stored.rows[0]!.count)).toBe(traffic.acknowledged.length);
    } finally {
      await check.end();
    }
    expect(traffic.acknowledged.length).toBeGreaterThan(100);

    // And it still stops cleanly.
    expect(await server.terminate(10_000), server.output().slice(-4000)).toBe(0);
  }, 120_000);
});
