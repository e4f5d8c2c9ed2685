// How many SDK events per second the server stores: 50 senders each posting batches of 100 events as fast as the
// server answers. A 202 means the batch is committed, so every counted event is in the database. The database is
// PGlite, or PostgreSQL when DATABASE_URL is set (as for the api bench).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';

const SENDERS = 50;
const EVENTS_PER_BATCH = 100;
const DURATION_SECONDS = 10;

async function clientKey(url: string): Promise<string> {
  const signup = await fetch(`${url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench@example.com',
      password: 'benchmark-password',
      name: 'Bench',
      organizationName: 'Bench',
    }),
  });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers.getSetCookie()[0]!.split(';')[0]!;
  const { csrfToken } = (await signup.json()) as { csrfToken: string };
  const headers = { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken };
  const project = await fetch(`${url}/api/v1/projects`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench project' }),
  });
  const { id } = (await project.json()) as { id: string };
  const key = await fetch(`${url}/api/v1/projects/${id}/keys`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench', kind: 'client', environment: 'production' }),
  });
  if (key.status !== 201) throw new Error(`client key creation failed: ${key.status} ${await key.text()}`);
  return ((await key.json()) as { key: string }).key;
}

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

const server = await startServer({ TABULA_SDK_EVENT_RATE_LIMIT: '100000000' });
try {
  const key = await clientKey(server.url);
  const result = await autocannon({
    url: server.url,
    connections: SENDERS,
    duration: DURATION_SECONDS,
    requests: [
      {
        method: 'POST',
        path: `/sdk/v1/events/${key}`,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: batch() }),
      },
    ],
  });
  const stored = result['2xx'];
  if (result.errors > 0 || stored !== result.requests.total) {
    throw new Error(`${result.requests.total} batches sent, ${stored} stored (202), ${result.errors} errors`);
  }
  console.log(
    JSON.stringify({
      name: 'ingest',
      database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
      senders: SENDERS,
      eventsPerBatch: EVENTS_PER_BATCH,
      seconds: DURATION_SECONDS,
      eventsPerSecond: Math.round((stored * EVENTS_PER_BATCH) / DURATION_SECONDS),
      p99Ms: result.latency.p99,
    }),
  );
} finally {
  await server.stop();
}
