import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseAvailable, clickhouseDatabase, type TestClickHouseDatabase } from './support/clickhouse';
import { flagsApi } from './support/flags-api';
import { haproxyAvailable, type LoadBalancer, startLoadBalancer } from './support/load-balancer';
import { createClientKey, type Owner, signUpOwnerWithProject } from './support/owner';
import { freePort, type RunningServer, startServer } from './support/server';
import { readStream, type StreamReader } from './support/sse-client';

const LOAD_SECONDS = 20;
const FLAGS = ['cluster-a', 'cluster-b'];
const STREAMS = 6;
/** A change made through one server reaches a stream held by another within this. */
const CROSS_PROCESS_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the servers store events: PostgreSQL, and again ClickHouse where it runs. */
const stores = ['postgresql', ...((await clickhouseAvailable()) ? ['clickhouse' as const] : [])] as const;

// Issue 19: three servers on one PostgreSQL (and ClickHouse) behind HAProxy take 20 s of mixed load while one of them
// is killed with SIGKILL; afterwards every acknowledged event is stored once, every stream is current, and nothing
// failed but what the killed process held.
describe.skipIf(!process.env.DATABASE_URL || (!haproxyAvailable && !process.env.REQUIRE_E2E)).each(stores)(
  'several servers behind a load balancer, events in %s',
  (store) => {
    const events: TestClickHouseDatabase | null = store === 'clickhouse' ? clickhouseDatabase() : null;
    const env = {
      TABULA_SECRET: 'cluster-test-shared-secret-'.padEnd(48, 'x'),
      TABULA_SDK_EVENT_RATE_LIMIT: '1000000',
      ...(events && { TABULA_CLICKHOUSE_URL: events.url }),
    };
    let servers: RunningServer[] = [];
    let balancer: LoadBalancer;
    let owner: Owner;
    let clientKey = '';

    beforeAll(async () => {
      const first = await startServer(env);
      servers = [first, ...(await Promise.all([1, 2].map(() => startServer(env, { sharingDatabaseOf: first }))))];
      balancer = await startLoadBalancer(
        await freePort(),
        servers.map((server) => server.port),
      );
      owner = await signUpOwnerWithProject(balancer.url);
      clientKey = await createClientKey(balancer.url, owner, 'production');
      for (const key of FLAGS) await flagsApi(balancer.url, owner).create({ key, name: key, type: 'boolean' });
    }, 120_000);

    afterAll(async () => {
      await balancer?.stop();
      for (const server of servers.slice(1)) await server.halt();
      await servers[0]?.stop();
      await events?.drop();
    });

    it('sends a change made through one server to a stream held by another within a second', async () => {
      const stream = readStream(`${servers[0]!.url}/sdk/v1/stream/${clientKey}`);
      try {
        await expect.poll(() => stream.revision, { timeout: 5000 }).not.toBeNull();
        const before = stream.revision;
        const changedAt = Date.now();
        await flagsApi(servers[2]!.url, owner).setEnvironment(FLAGS[0]!, 'production', { enabled: true });
        await expect.poll(() => stream.revision, { timeout: 5000 }).not.toBe(before);
        expect(stream.seenAt.get(stream.revision!)! - changedAt).toBeLessThan(CROSS_PROCESS_MS);
      } finally {
        stream.close();
      }
    });

    it('loses nothing acknowledged while a server is killed under load', async () => {
      const base = balancer.url;
      const outcomes = { ok: 0, failed: [] as string[] };
      const acknowledged: string[] = [];
      const note = (what: string, status: number | string) => {
        if (typeof status === 'number' && status < 500) outcomes.ok += 1;
        else outcomes.failed.push(`${what}: ${status}`);
      };
      const attempt = async (what: string, run: () => Promise<Response>) => {
        try {
          const response = await run();
          await response.arrayBuffer();
          note(what, response.status);
          return response.status;
        } catch (error) {
          note(what, error instanceof Error ? error.message : String(error));
          return 0;
        }
      };
      const streams: StreamReader[] = Array.from({ length: STREAMS }, () =>
        readStream(`${base}/sdk/v1/stream/${clientKey}`),
      );
      let running = true;
      const workers: Promise<void>[] = [];
      // Console writes: switches flipping in production, each a new payload revision.
      for (const [index, key] of FLAGS.entries()) {
        workers.push(
          (async () => {
            for (let turn = 0; running; turn++) {
              await attempt('switch', () =>
                fetch(`${base}/api/v1/projects/${owner.projectId}/flags/${key}/environments/production`, {
                  method: 'PUT',
                  headers: owner.headers,
                  body: JSON.stringify({ enabled: (turn + index) % 2 === 0 }),
                }),
              );
              await sleep(300);
            }
          })(),
        );
      }
      // Payload polls.
      for (let reader = 0; reader < 3; reader++) {
        workers.push(
          (async () => {
            while (running) await attempt('payload', () => fetch(`${base}/sdk/v1/payload/${clientKey}`));
          })(),
        );
      }
      // Event batches, each event with its own id; an acknowledged batch must be stored, once.
      for (let sender = 0; sender < 3; sender++) {
        workers.push(
          (async () => {
            for (let batch = 0; running; batch++) {
              const ids = Array.from({ length: 20 }, (_, index) => `cluster-${sender}-${batch}-${index}`);
              const events = ids.map((id) => ({ id, type: 'track', event: 'purchase', unitId: id, at: Date.now() }));
              const status = await attempt('events', () =>
                fetch(`${base}/sdk/v1/events/${clientKey}`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({ events }),
                }),
              );
              if (status === 202) acknowledged.push(...ids);
            }
          })(),
        );
      }

      await sleep((LOAD_SECONDS / 2) * 1000);
      await servers[1]!.crash();
      await sleep((LOAD_SECONDS / 2) * 1000);
      running = false;
      await Promise.all(workers);

      // Only requests the killed process held may have failed: at most one per worker.
      expect(outcomes.failed.length, outcomes.failed.join('\n')).toBeLessThanOrEqual(workers.length);
      expect(outcomes.ok).toBeGreaterThan(500);

      expect(acknowledged.length).toBeGreaterThan(1000);
      if (events) {
        // Batches in flight in the killed process may be stored too, unanswered: every acknowledged one must be. A
        // batch the killed process stored but did not answer is sent again by HAProxy and stored a second time until
        // ClickHouse merges the copies; every read counts it once, as this one does (FINAL).
        const copies = await events.rows<{ event_id: string; copies: string }>(
          `SELECT event_id, count() AS copies FROM ${events.name}.event FINAL WHERE project_id = '${owner.projectId}'
          GROUP BY event_id`,
        );
        const stored = new Map(copies.map((row) => [row.event_id, Number(row.copies)]));
        expect(acknowledged.filter((id) => stored.get(id) !== 1)).toEqual([]);
      } else {
        const stored = await servers[0]!.query<{ count: string }>(
          'SELECT count(*) AS count FROM event WHERE project_id = $1 AND event_id = ANY($2)',
          [owner.projectId, acknowledged],
        );
        expect(Number(stored[0]!.count)).toBe(acknowledged.length);
      }

      const current = ((await (await fetch(`${base}/sdk/v1/payload/${clientKey}`)).json()) as { revision: string })
        .revision;
      try {
        for (const stream of streams) await expect.poll(() => stream.revision, { timeout: 5000 }).toBe(current);
        // Streams held by the killed server came back through the others.
        expect(streams.reduce((sum, stream) => sum + stream.reconnections, 0)).toBeGreaterThan(0);
      } finally {
        for (const stream of streams) stream.close();
      }
    }, 90_000);
  },
);
