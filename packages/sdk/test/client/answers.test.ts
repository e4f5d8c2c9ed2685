// @vitest-environment happy-dom
import type { SdkPayload } from '@tabula/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ClientOptions,
  createClient,
  createMemoryStorage,
  POLL_INTERVAL_MS,
  type StorageLike,
  type TabulaClient,
} from '../../src';
import { CLIENT_KEY, createFakeServer, type FakeServer, HOST, makePayload } from './fake-server';

// What the OpenFeature providers read from a client: the server's answers, the payload a new one replaces, the
// visitor id the client started with, and events tracked for another unit.

let server: FakeServer;
let storage: StorageLike;
const clients: TabulaClient[] = [];

function start(options: Partial<ClientOptions> = {}): TabulaClient {
  const client = createClient({
    clientKey: CLIENT_KEY,
    apiHost: HOST,
    projectId: 'prj_1',
    fetch: server.fetch,
    storage,
    onError: () => {},
    ...options,
  } as ClientOptions);
  clients.push(client);
  return client;
}

/** Every answer the client hears, from the one it holds when the listener comes. */
function answersOf(client: TabulaClient): (number | undefined)[] {
  const answers: (number | undefined)[] = [];
  client.onAnswer((status) => answers.push(status));
  return answers;
}

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  // Backoff without jitter: 2 s, 4 s, 8 s…
  vi.spyOn(Math, 'random').mockReturnValue(1);
  server = createFakeServer();
  storage = createMemoryStorage();
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('answers to polls', () => {
  it('are 200 for a payload and for a 304 revalidation, told at once to a listener that comes later', async () => {
    const client = start();
    const answers = answersOf(client);
    expect(answers).toEqual([undefined]);
    await client.ready();
    await tick();
    expect(answers).toEqual([undefined, 200]);
    await tick(POLL_INTERVAL_MS);
    expect(server.callsTo('payload').at(-1)?.headers.get('if-none-match')).toBe('"r1"');
    expect(answers).toEqual([undefined, 200, 200]);
    expect(answersOf(client)).toEqual([200]);
  });

  it.each([401, 403, 404])('carry the status %i of a refused client key, and ready() still ends', async (status) => {
    server.setMode(status);
    const client = start({ readyTimeout: 1_000 });
    const answers = answersOf(client);
    const ready = client.ready();
    await tick();
    expect(answers).toEqual([undefined, status]);
    await tick(1_000);
    await expect(ready).resolves.toBe(false);
  });

  it('are 0 without an answer, the status of a server error, and 200 again once the payload comes back', async () => {
    server.setMode('down');
    const client = start();
    const answers = answersOf(client);
    await tick();
    server.setMode(503);
    await tick(2_000);
    server.setMode('up');
    await tick(4_000);
    expect(answers).toEqual([undefined, 0, 503, 200]);
    expect(client.isOn('new-checkout')).toBe(true);
  });

  it('are 0 for a payload that cannot be read', async () => {
    const client = start({
      fetch: async () => new Response('{"not":"a payload"}', { status: 200 }),
    });
    const answers = answersOf(client);
    await tick();
    expect(answers).toEqual([undefined, 0]);
  });

  it('reach every listener even when one throws, and polling goes on', async () => {
    const errors: Error[] = [];
    const client = start({ onError: (error) => errors.push(error) });
    client.onAnswer((status) => {
      if (status !== undefined) throw new Error('a broken listener');
    });
    const answers = answersOf(client);
    await tick();
    await tick(POLL_INTERVAL_MS);
    expect(answers).toEqual([undefined, 200, 200]);
    expect(errors.map((error) => error.message)).toEqual(['a broken listener', 'a broken listener']);
  });

  it('stop with the client', async () => {
    const client = start();
    const answers = answersOf(client);
    await tick();
    client.destroy();
    server.setMode('down');
    await tick(2 * POLL_INTERVAL_MS);
    expect(answers).toEqual([undefined, 200]);
  });
});

describe('answers to streams', () => {
  it('are 200 when a stream opens and 0 when it is lost, until it is open again', async () => {
    const client = start({ streaming: true, autoPoll: false });
    const answers = answersOf(client);
    await vi.waitFor(() => expect(server.openStreams()).toBe(1));
    expect(answers).toEqual([undefined, 200, 200]);
    server.dropStreams();
    await tick();
    expect(answers.at(-1)).toBe(0);
    await tick(2_000);
    expect(server.openStreams()).toBe(1);
    expect(answers.at(-1)).toBe(200);
  });

  it('carry the status with which the server refuses to open one', async () => {
    const client = start({ streaming: true, autoPoll: false });
    const answers = answersOf(client);
    await vi.waitFor(() => expect(server.openStreams()).toBe(1));
    server.setMode(401);
    server.dropStreams();
    await tick();
    await tick(2_000);
    expect(server.callsTo('stream')).toHaveLength(2);
    expect(answers.slice(-2)).toEqual([0, 401]);
  });
});

describe('what a subscriber hears', () => {
  it('each new payload with the one it replaces', async () => {
    const client = start({ streaming: true, autoPoll: false });
    const heard: [string, string | undefined][] = [];
    client.subscribe((payload, previous) => heard.push([payload.revision, previous?.revision]));
    await vi.waitFor(() => expect(server.openStreams()).toBe(1));
    server.publish(makePayload('r22'));
    await tick();
    expect(heard).toEqual([
      ['r1', undefined],
      ['r22', 'r1'],
    ]);
  });

  it('the cached payload as the one a fresh payload replaces', async () => {
    const first = start();
    await first.ready();
    first.destroy();
    server.publish(makePayload('r2'));
    const client = start();
    const previous: (SdkPayload | undefined)[] = [];
    client.subscribe((_payload, before) => previous.push(before));
    await tick();
    expect(previous.map((payload) => payload?.revision)).toEqual(['r1']);
  });
});

describe('the visitor id', () => {
  it('is the id kept on the device, whatever attributes are set later', async () => {
    const client = start();
    const visitor = client.visitorId;
    expect(visitor).toEqual(expect.any(String));
    client.setAttributes({ id: 'user-7' });
    expect(client.visitorId).toBe(visitor);
    expect(start().visitorId).toBe(visitor);
  });

  it('is the unit id the options name', () => {
    expect(start({ unitId: 'account-3' }).visitorId).toBe('account-3');
  });
});

describe('tracking for another unit', () => {
  it('sends the event for the unit and attributes given, leaving the client its own', async () => {
    const client = start({ unitId: 'page-unit', attributes: { plan: 'free' } });
    await client.ready();
    client.track('purchase', 12, { sku: 'B-2' }, { id: 'user-9', plan: 'pro', tags: ['a'] });
    client.track('visit');
    await client.flush();
    const [purchase, visit] = server.storedOfType('track');
    expect(purchase).toMatchObject({
      event: 'purchase',
      unitId: 'user-9',
      value: 12,
      properties: { sku: 'B-2' },
      attributes: { id: 'user-9', plan: 'pro' },
    });
    expect(visit).toMatchObject({ event: 'visit', unitId: 'page-unit', attributes: { id: 'page-unit', plan: 'free' } });
  });
});
