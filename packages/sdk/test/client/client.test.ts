// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ClientOptions,
  createClient,
  createMemoryStorage,
  POLL_INTERVAL_MS,
  type StorageLike,
  type TabulaClient,
} from '../../src';
import { MAX_REMEMBERED, QUEUE_SAVE_DELAY_MS, USAGE_REPORT_INTERVAL_MS } from '../../src/client/constants';
import { hostileStorage } from '../hostile-storage';
import { CLIENT_KEY, createFakeServer, type FakeServer, HOST, makePayload } from './fake-server';

let server: FakeServer;
let storage: StorageLike;
let errors: Error[];
const clients: TabulaClient[] = [];

function start(options: Partial<ClientOptions> = {}): TabulaClient {
  const client = createClient({
    clientKey: CLIENT_KEY,
    apiHost: HOST,
    projectId: 'prj_1',
    unitId: 'unit-1',
    fetch: server.fetch,
    storage,
    onError: (error) => errors.push(error),
    ...options,
  } as ClientOptions);
  clients.push(client);
  return client;
}

/** Fake timers also drive the promise chains of fetch → json → apply. */
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  server = createFakeServer();
  storage = createMemoryStorage();
  errors = [];
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('payload', () => {
  it('serves flags once the payload has arrived', async () => {
    const client = start();
    expect(client.isOn('new-checkout')).toBe(false);
    expect(client.getFlagDetails('new-checkout', false).errorCode).toBe('PROVIDER_NOT_READY');
    await expect(client.ready()).resolves.toBe(true);
    expect(client.isOn('new-checkout')).toBe(true);
    expect(client.getFlagDetails('new-checkout', false)).toEqual({
      key: 'new-checkout',
      value: true,
      variant: 'on',
      reason: 'STATIC',
    });
    expect(server.callsTo('payload')[0]?.path).toBe(`/sdk/v1/payload/${CLIENT_KEY}`);
  });

  it('answers the default with TYPE_MISMATCH or FLAG_NOT_FOUND', async () => {
    const client = start();
    await client.ready();
    expect(client.getFlagDetails('new-checkout', 'text')).toMatchObject({
      value: 'text',
      reason: 'ERROR',
      errorCode: 'TYPE_MISMATCH',
    });
    expect(client.getFlag('missing', 42)).toBe(42);
    expect(client.getFlagDetails('missing', 42).errorCode).toBe('FLAG_NOT_FOUND');
  });

  it("serves the caller's own default, of any type, for a flag whose variant is none", async () => {
    const payload = makePayload('r-none');
    payload.flags.push({ ...payload.flags[0]!, key: 'code-default', defaultVariant: null, metadata: { owner: 'web' } });
    server.publish(payload);
    const client = start();
    await client.ready();
    expect(client.getFlagDetails('code-default', 'mine')).toEqual({
      key: 'code-default',
      value: 'mine',
      variant: null,
      reason: 'DEFAULT',
      metadata: { owner: 'web' },
    });
    expect(client.getFlag('code-default', 7)).toBe(7);
  });

  it('revalidates with the ETag and keeps the payload on 304', async () => {
    const client = start();
    await client.ready();
    await tick(POLL_INTERVAL_MS);
    const [first, second] = server.callsTo('payload');
    expect(first?.headers.get('if-none-match')).toBeNull();
    expect(second?.headers.get('if-none-match')).toBe('"r1"');
    expect(client.isOn('new-checkout')).toBe(true);
  });

  it('polls every 10 minutes and tells subscribers about a new revision', async () => {
    const client = start();
    await client.ready();
    const revisions: string[] = [];
    client.subscribe((payload) => revisions.push(payload.revision));
    server.publish(makePayload('r2'));
    await tick(POLL_INTERVAL_MS - 1_000);
    expect(revisions).toEqual([]);
    await tick(1_000);
    expect(revisions).toEqual(['r2']);
    expect(server.callsTo('payload')).toHaveLength(2);
  });

  it('does not poll with autoPoll off', async () => {
    const client = start({ autoPoll: false });
    await client.ready();
    await tick(3 * POLL_INTERVAL_MS);
    expect(server.callsTo('payload')).toHaveLength(1);
  });

  it('starts from the cached payload, then refreshes it with the cached ETag', async () => {
    const first = start();
    await first.ready();
    first.destroy();

    server.setMode('down');
    const reloaded = start();
    // Served at once from storage: no network needed.
    expect(reloaded.isOn('new-checkout')).toBe(true);
    await expect(reloaded.ready()).resolves.toBe(true);
    await tick();
    expect(server.callsTo('payload').at(-1)?.headers.get('if-none-match')).toBe('"r1"');
  });

  it('keeps serving the cache while the server is down, retrying with capped backoff, then polls normally', async () => {
    const first = start();
    await first.ready();
    first.destroy();
    server.setMode('down');
    vi.spyOn(Math, 'random').mockReturnValue(1);

    const client = start();
    await tick();
    const attemptsAt = (): number => server.callsTo('payload').length;
    const base = attemptsAt();
    await tick(2_000); // 2 s
    expect(attemptsAt()).toBe(base + 1);
    await tick(4_000); // 4 s
    expect(attemptsAt()).toBe(base + 2);
    await tick(8_000); // 8 s
    expect(attemptsAt()).toBe(base + 3);
    await tick(60 * 60_000);
    // 16, 32, 64, 128, 256 s, then capped at 300 s: 15 more attempts in the hour, not hundreds.
    expect(attemptsAt() - base).toBeLessThan(20);
    expect(client.isOn('new-checkout')).toBe(true);
    expect(errors.length).toBeGreaterThan(0);

    // Back up: the pending retry (at most 5 minutes away) succeeds, and polling returns to every 10 minutes.
    server.setMode('up');
    await tick(5 * 60_000);
    const recovered = attemptsAt();
    await tick(POLL_INTERVAL_MS);
    expect(attemptsAt()).toBe(recovered + 1);
    await tick(POLL_INTERVAL_MS);
    expect(attemptsAt()).toBe(recovered + 2);
  });

  it('retries the first request even with autoPoll off', async () => {
    server.setMode('down');
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const client = start({ autoPoll: false, readyTimeout: 1_000 });
    const ready = client.ready();
    await tick(1_000);
    await expect(ready).resolves.toBe(false);
    server.setMode('up');
    await tick(2_000);
    expect(client.isOn('new-checkout')).toBe(true);
    await expect(client.ready()).resolves.toBe(true);
  });

  it('prefers a newer bootstrap payload over an older cache', async () => {
    const first = start();
    await first.ready();
    first.destroy();
    server.setMode('down');
    const bootstrap = makePayload('r2-newer');
    bootstrap.flags[0]!.enabled = false;
    const client = start({ payload: bootstrap });
    expect(client.isOn('new-checkout')).toBe(false);
  });

  it('reports a payload of another project', async () => {
    const client = start({ projectId: 'prj_other' });
    await client.ready();
    expect(errors.map((error) => error.message)).toContain('client key tbc_test serves project prj_1, not prj_other');
  });
});

describe('streaming', () => {
  it('applies each payload the stream pushes and notifies subscribers', async () => {
    const client = start({ streaming: true, autoPoll: false });
    await client.ready();
    const revisions: string[] = [];
    client.subscribe((payload) => revisions.push(payload.revision));
    await tick();
    expect(server.openStreams()).toBe(1);
    const next = makePayload('r2');
    next.flags[0]!.enabled = false;
    server.publish(next);
    await tick();
    expect(revisions).toEqual(['r2']);
    expect(client.isOn('new-checkout')).toBe(false);
  });

  it('reconnects with backoff when the stream ends', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    start({ streaming: true, autoPoll: false });
    await tick();
    expect(server.callsTo('stream')).toHaveLength(1);
    server.dropStreams();
    await tick(1_999);
    expect(server.callsTo('stream')).toHaveLength(1);
    await tick(1);
    expect(server.callsTo('stream')).toHaveLength(2);
    expect(server.openStreams()).toBe(1);
  });

  it('drops a stream that went silent (no heartbeat) and opens a new one', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    start({ streaming: true, autoPoll: false });
    await tick();
    await tick(45_000);
    await tick(2_000);
    expect(server.callsTo('stream')).toHaveLength(2);
  });

  it('uses EventSource in a browser when no fetch is injected', async () => {
    const sources: FakeEventSource[] = [];
    class FakeEventSource extends EventTarget {
      static readonly CLOSED = 2;
      readyState = 1;
      onerror: (() => void) | null = null;
      constructor(readonly url: string) {
        super();
        sources.push(this);
      }
      close() {
        this.readyState = 2;
      }
      push(data: unknown) {
        this.dispatchEvent(new MessageEvent('payload', { data: JSON.stringify(data) }));
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', server.fetch);
    const client = start({ streaming: true, autoPoll: false, fetch: undefined });
    await client.ready();
    expect(sources[0]?.url).toBe(`${HOST}/sdk/v1/stream/${CLIENT_KEY}`);
    const changed = vi.fn();
    client.subscribe(changed);
    sources[0]?.push(makePayload('r2'));
    expect(changed).toHaveBeenCalledOnce();

    // An HTTP error closes an EventSource for good: the client opens a new one.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    sources[0]!.readyState = 2;
    sources[0]?.onerror?.();
    await tick(2_000);
    expect(sources).toHaveLength(2);
  });
});

describe('exposures', () => {
  it('logs one exposure per unit per experiment, for experiments and experiment-served flags alike', async () => {
    const client = start();
    await client.ready();
    const assignment = client.getExperiment('checkout-test');
    expect(assignment?.version).toMatch(/^(control|treatment)$/);
    expect(client.getFlag('button-color', 'grey')).toBe(assignment?.version === 'control' ? 'blue' : 'green');
    client.getExperiment('checkout-test');
    client.getExperiment('checkout-test', { id: 'unit-2', plan: 'pro', profile: { age: 3 } });
    client.getFlag('new-checkout', false);
    await client.flush();
    const exposures = server.storedOfType('exposure');
    expect(exposures.map((event) => event.unitId).sort()).toEqual(['unit-1', 'unit-2']);
    // The attributes evaluated with travel with the exposure, their scalars only: results break down by them.
    expect(exposures.find((event) => event.unitId === 'unit-2')).toMatchObject({
      attributes: { id: 'unit-2', plan: 'pro' },
    });
    expect(exposures.find((event) => event.unitId === 'unit-2')?.attributes).not.toHaveProperty('profile');
    expect(exposures.find((event) => event.unitId === 'unit-1')).toMatchObject({
      experiment: 'checkout-test',
      version: assignment?.version,
    });

    // The memory of logged exposures survives a reload.
    client.destroy();
    const reloaded = start();
    reloaded.getExperiment('checkout-test');
    await reloaded.flush();
    expect(server.storedOfType('exposure')).toHaveLength(2);
  });

  it('logs the unit’s exposure to the holdout, once, and none to the experiment it holds the unit out of', async () => {
    const payload = makePayload();
    const holdout = { key: 'holdout-2026', salt: 'salt-of-the-holdout', percent: 10_000 };
    server = createFakeServer({
      ...payload,
      experiments: payload.experiments.map((experiment) => ({ ...experiment, holdout })),
    });
    const client = start();
    await client.ready();
    expect(client.getExperiment('checkout-test')).toBeNull();
    client.getExperiment('checkout-test');
    client.getFlag('button-color', 'grey');
    await client.flush();
    expect(server.storedOfType('exposure')).toEqual([
      expect.objectContaining({ experiment: 'holdout-2026', version: 'holdout', unitId: 'unit-1' }),
    ]);
  });

  it('remembers the last thousand exposures logged: an older one is logged again', async () => {
    const client = start();
    await client.ready();
    for (let unit = 0; unit <= MAX_REMEMBERED; unit++) {
      client.getExperiment('checkout-test', { id: `unit-${unit}` });
      // A batch at a time, before the queue's bound drops any.
      if (unit % 400 === 399) await client.flush();
    }
    client.getExperiment('checkout-test', { id: `unit-${MAX_REMEMBERED}` });
    client.getExperiment('checkout-test', { id: 'unit-0' });
    await client.flush();
    const units = server.storedOfType('exposure').map((event) => event.unitId);
    expect(units).toHaveLength(MAX_REMEMBERED + 2);
    expect(units.filter((unit) => unit === 'unit-0')).toHaveLength(2);
  });

  it('serves forced versions from options and the URL without logging exposures', async () => {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      'https://shop.example/cart?tabula_force=checkout-test:treatment,other:v2',
    );
    try {
      const fromUrl = start();
      await fromUrl.ready();
      expect(fromUrl.getExperiment('checkout-test')?.version).toBe('treatment');
      expect(fromUrl.getFlag('button-color', 'grey')).toBe('green');
      fromUrl.destroy();
    } finally {
      (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://localhost:3000/');
    }
    const fromOptions = start({ forcedVersions: { 'checkout-test': 'control' } });
    await fromOptions.ready();
    expect(fromOptions.getExperiment('checkout-test')).toEqual({ version: 'control', params: { color: 'blue' } });
    await fromOptions.flush();
    expect(server.storedOfType('exposure')).toEqual([]);
  });

  it('keeps a unit in its version when the weights change, until a new phase', async () => {
    const client = start();
    await client.ready();
    const units = Array.from({ length: 40 }, (_, index) => `visitor-${index}`);
    const before = new Map(units.map((id) => [id, client.getExperiment('checkout-test', { id })?.version]));
    expect(new Set(before.values())).toEqual(new Set(['control', 'treatment']));

    const allTreatment = makePayload('r2', { weights: [0, 10_000] });
    client.subscribe(() => {});
    server.publish(allTreatment);
    await tick(POLL_INTERVAL_MS);
    for (const id of units) expect(client.getExperiment('checkout-test', { id })?.version).toBe(before.get(id));
    expect(client.getExperiment('checkout-test', { id: 'newcomer' })?.version).toBe('treatment');

    server.publish(makePayload('r3', { weights: [0, 10_000], phase: 1 }));
    await tick(POLL_INTERVAL_MS);
    for (const id of units) expect(client.getExperiment('checkout-test', { id })?.version).toBe('treatment');
  });

  it('fetchExperiment asks the server, which logs the exposure when autoExposure is on', async () => {
    const client = start({ autoExposure: true });
    await client.ready();
    const online = await client.fetchExperiment('checkout-test');
    const [call] = server.callsTo('evaluate');
    expect(JSON.parse(call?.body ?? '')).toMatchObject({
      unitId: 'unit-1',
      experiments: ['checkout-test'],
      logExposure: true,
    });
    expect(online).toEqual(client.getExperiment('checkout-test'));
    await client.flush();
    // Logged once, by the server: the local getExperiment knows it is done.
    expect(server.storedOfType('exposure').map((event) => event.id)).toEqual(['server-checkout-test-unit-1']);

    const quiet = start({ autoExposure: false, unitId: 'unit-9' });
    await quiet.ready();
    await quiet.fetchExperiment('checkout-test');
    expect(JSON.parse(server.callsTo('evaluate')[1]?.body ?? '').logExposure).toBe(false);
  });

  it('fetchExperiment falls back to local evaluation when the server is unreachable', async () => {
    const client = start({ autoExposure: true });
    await client.ready();
    server.setMode('down');
    const local = await client.fetchExperiment('checkout-test');
    expect(local?.version).toMatch(/^(control|treatment)$/);
    server.setMode('up');
    await client.flush();
    expect(server.storedOfType('exposure')).toHaveLength(1);
  });
});

describe('events', () => {
  it('sends track events with the unit, value, properties and scalar attributes on the flush interval', async () => {
    const client = start({ attributes: { plan: 'pro', tags: ['a'] }, flushInterval: 1_000 });
    client.track('purchase', 42.5, { sku: 'A-1' });
    client.track('view', Number.NaN);
    await tick(1_000);
    const [purchase, view] = server.storedOfType('track');
    expect(purchase).toMatchObject({
      event: 'purchase',
      unitId: 'unit-1',
      value: 42.5,
      properties: { sku: 'A-1' },
      attributes: { id: 'unit-1', plan: 'pro' },
    });
    expect(view?.value).toBeUndefined();
    expect(server.callsTo('events')[0]?.headers.get('content-type')).toBe('text/plain');
  });

  it('sends the properties as they were when tracked, before the event queue is loaded and after', async () => {
    const client = start({ flushInterval: 1_000 });
    const properties = { step: 1 };
    // Before the background part is in, the event waits in storage; after, in the queue's memory.
    client.track('early', undefined, properties);
    await client.ready();
    client.track('late', undefined, properties);
    client.track('odd', undefined, 'not an object' as never);
    properties.step = 2;
    await tick(1_000);
    expect(server.storedOfType('track').map(({ event, properties }) => ({ event, properties }))).toEqual([
      { event: 'early', properties: { step: 1 } },
      { event: 'late', properties: { step: 1 } },
      { event: 'odd', properties: undefined },
    ]);
  });

  it('gives every event its own id', async () => {
    const client = start();
    for (let i = 0; i < 300; i++) client.track('click');
    await client.flush();
    const ids = [...server.stored.keys()];
    expect(ids).toHaveLength(300);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps the queue through a 5xx and a reload, and sends it once the server accepts', async () => {
    server.setEventsStatus(503);
    const client = start();
    client.track('purchase', 10);
    client.track('purchase', 20);
    await client.flush();
    expect(server.stored.size).toBe(0);
    expect(errors.at(-1)?.message).toBe('events kept for a retry: 503');
    client.destroy();
    await tick();

    server.setEventsStatus(202);
    const reloaded = start();
    await reloaded.flush();
    expect(server.storedOfType('track').map((event) => event.value)).toEqual([10, 20]);
    const sent = server.callsTo('events').length;
    await reloaded.flush();
    expect(server.callsTo('events')).toHaveLength(sent);
  });

  it('waits for Retry-After before sending again', async () => {
    server.setEventsStatus(503, '30');
    const client = start({ flushInterval: 5_000 });
    client.track('a');
    await client.flush();
    server.setEventsStatus(202);
    const before = server.callsTo('events').length;
    await tick(25_000);
    expect(server.callsTo('events').length).toBe(before);
    await tick(10_000);
    expect(server.stored.size).toBe(1);
  });

  it('drops a batch the server refuses as malformed (4xx)', async () => {
    server.setEventsStatus(400);
    const client = start();
    client.track('a');
    await client.flush();
    server.setEventsStatus(202);
    await client.flush();
    expect(server.stored.size).toBe(0);
    expect(errors.at(-1)?.message).toBe('events dropped, refused: 400');
  });

  it('bounds the queue, dropping the oldest events with a report', async () => {
    server.setMode('down');
    const client = start({ autoPoll: false });
    await tick();
    for (let i = 0; i < 1_005; i++) client.track('click', i);
    expect(errors.filter((error) => error.message.startsWith('event queue full'))).toHaveLength(5);
    server.setMode('up');
    await client.flush();
    await client.flush();
    const values = server.storedOfType('track').map((event) => event.value);
    expect(values).toHaveLength(1_000);
    expect(values[0]).toBe(5);
  });

  it('keeps the queue in memory: a burst of events costs a save, not a storage access per event', async () => {
    const key = `tabula:events:${CLIENT_KEY}`;
    const access = { reads: 0, writes: 0 };
    const memory = storage;
    storage = {
      getItem(name) {
        if (name === key) access.reads += 1;
        return memory.getItem(name);
      },
      setItem(name, value) {
        if (name === key) access.writes += 1;
        memory.setItem(name, value);
      },
      removeItem: (name) => memory.removeItem(name),
    };
    server.setMode('down');
    const client = start({ autoPoll: false });
    await tick();
    const started = { ...access };
    for (let i = 0; i < 1_000; i++) client.track('click', i);
    expect(access).toEqual(started);
    await tick(QUEUE_SAVE_DELAY_MS);
    // The save merges with what other tabs stored (the first write of a record also reads when it was created).
    expect(access.reads - started.reads).toBeLessThanOrEqual(2);
    expect(access.writes - started.writes).toBe(1);
    expect(JSON.parse(memory.getItem(key) ?? '').data).toHaveLength(1_000);
  });

  it('saves the queue within a second, so a page closed without pagehide loses nothing', async () => {
    server.setMode('down');
    const closed = start({ autoPoll: false });
    closed.track('purchase', 30);
    await tick(QUEUE_SAVE_DELAY_MS);
    server.setMode('up');
    // The next page load, the first tab having died without a word.
    await start().flush();
    expect(server.storedOfType('track').map((event) => event.value)).toEqual([30]);
  });

  it('adds to the queue other tabs saved rather than overwrite it, and sends theirs too', async () => {
    server.setMode('down');
    const first = start({ autoPoll: false });
    const second = start({ autoPoll: false });
    first.track('from-first');
    await tick(QUEUE_SAVE_DELAY_MS);
    second.track('from-second');
    await tick(QUEUE_SAVE_DELAY_MS);
    const stored = JSON.parse(storage.getItem(`tabula:events:${CLIENT_KEY}`) ?? '') as { data: { event: string }[] };
    expect(stored.data.map((event) => event.event)).toEqual(['from-first', 'from-second']);
    server.setMode('up');
    await second.flush();
    expect(server.storedOfType('track').map((event) => event.event)).toEqual(['from-first', 'from-second']);
  });

  it('beacons the queue on pagehide and visibilitychange, keeping it until a fetch confirms', async () => {
    const beacons: { url: string; body: string }[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: (url: string, body: string) => beacons.push({ url, body }) > 0,
    });
    const client = start();
    await tick();
    client.track('checkout');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(`${HOST}/sdk/v1/events/${CLIENT_KEY}`);
    const [beaconed] = (JSON.parse(beacons[0]?.body ?? '') as { events: { id: string; event: string }[] }).events;
    expect(beaconed?.event).toBe('checkout');

    // The same events are not beaconed twice from this page; new ones are.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacons).toHaveLength(1);
    client.track('later');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacons).toHaveLength(2);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

    // A beacon has no answer: a later fetch resends everything, and the server dedupes by id.
    await client.flush();
    expect(server.stored.has(beaconed?.id ?? '')).toBe(true);
    expect(server.storedOfType('track')).toHaveLength(2);

    // A destroyed client no longer listens to the page: its unsent event stays stored, not beaconed.
    server.setEventsStatus(503);
    client.track('after');
    client.destroy();
    await tick();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(2);
  });

  it('keeps an event in storage until the event queue is loaded, which then sends it once', async () => {
    const client = start({ autoPoll: false });
    client.track('checkout');
    const stored = JSON.parse(storage.getItem(`tabula:events:${CLIENT_KEY}`) ?? '{}') as { data?: { event: string }[] };
    expect(stored.data?.map((event) => event.event)).toEqual(['checkout']);
    // The queue, once loaded, sends them once.
    await client.flush();
    expect(server.storedOfType('track').map((event) => event.event)).toEqual(['checkout']);
  });
});

describe('flag usage', () => {
  /** The flag keys each events request carried, in order; a request without usage carries none. */
  const reportedFlags = () =>
    server
      .callsTo('events')
      .map((call) => Object.keys((JSON.parse(call.body ?? '{}') as { evaluations?: object }).evaluations ?? {}));

  it('sends the counts of the flags evaluated since the last flush, per variant, with the next batch', async () => {
    const client = start();
    await client.ready();
    client.isOn('new-checkout');
    client.isOn('new-checkout');
    client.getFlag('button-color', 'grey');
    client.getFlag('missing', 'x');
    client.getExperiment('checkout-test');
    await client.flush();
    // A key the project does not have is counted too: the server lists it as an unknown flag.
    expect(reportedFlags()).toEqual([['new-checkout', 'button-color', 'missing']]);
    const [call] = server.callsTo('events');
    const { evaluations, sdk } = JSON.parse(call?.body ?? '{}');
    expect(evaluations['new-checkout']).toEqual({ on: 2 });
    expect(evaluations.missing).toEqual({ '': 1 });
    // A browser client leaves out an instance id: browsers are counted together.
    expect(sdk).toEqual({ name: 'tabula-js', version: client.version });
    // The exposure the experiment-served flag logged went in the same request.
    expect(server.storedOfType('exposure')).toHaveLength(1);
  });

  it('sends nothing when nothing was evaluated, and a flush of usage alone when only flags were', async () => {
    const client = start();
    await client.ready();
    await client.flush();
    expect(server.callsTo('events')).toHaveLength(0);
    client.isOn('new-checkout');
    await client.flush();
    const [call] = server.callsTo('events');
    expect(JSON.parse(call?.body ?? '')).toMatchObject({
      events: [],
      evaluations: { 'new-checkout': expect.any(Object) },
    });
    await client.flush();
    expect(server.callsTo('events')).toHaveLength(1);
  });

  it('keeps the keys through a failed flush and sends them with the next one', async () => {
    const client = start();
    await client.ready();
    client.isOn('new-checkout');
    server.setEventsStatus(503);
    await client.flush();
    server.setMode('down');
    await client.flush();
    server.setMode('up');
    server.setEventsStatus(202);
    await client.flush();
    await client.flush();
    // The 503, the request lost on the way, and the accepted one: nothing after that.
    expect(reportedFlags()).toEqual([['new-checkout'], ['new-checkout'], ['new-checkout']]);
  });

  it('reports a flag evaluated again only once the report interval has passed', async () => {
    const client = start({ flushInterval: 60_000 });
    await client.ready();
    client.isOn('new-checkout');
    await client.flush();
    await tick(USAGE_REPORT_INTERVAL_MS - 60_000);
    client.isOn('new-checkout');
    await client.flush();
    expect(reportedFlags()).toEqual([['new-checkout']]);
    await tick(60_000);
    client.isOn('new-checkout');
    await client.flush();
    expect(reportedFlags()).toEqual([['new-checkout'], ['new-checkout']]);
  });

  it('drops the keys of a batch the server refuses as malformed', async () => {
    const client = start();
    await client.ready();
    client.isOn('new-checkout');
    server.setEventsStatus(400);
    await client.flush();
    server.setEventsStatus(202);
    await client.flush();
    expect(reportedFlags()).toEqual([['new-checkout']]);
  });

  it('beacons the keys on pagehide, once', async () => {
    const beacons: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: (_url: string, body: string) => beacons.push(body) > 0 });
    const client = start();
    await client.ready();
    client.getFlag('button-color', 'grey');
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons.map((body) => Object.keys(JSON.parse(body).evaluations ?? {}))).toEqual([['button-color']]);
  });
});

describe('identity', () => {
  it('tab family: the user id when logged in, else one generated visitor id kept on the device', async () => {
    const anonymous = start({ appId: 'prj_1', projectId: undefined, unitId: undefined });
    const again = start({ appId: 'prj_1', projectId: undefined, unitId: undefined });
    const loggedIn = start({ appId: 'prj_1', userId: 'user-7', projectId: undefined, unitId: undefined });
    for (const client of [anonymous, again, loggedIn]) {
      client.track('visit');
      await client.flush();
    }
    const [first, second, third] = server.storedOfType('track').map((event) => event.unitId);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(third).toBe('user-7');
    expect(anonymous.version).toBe('3.0.5');
    expect(start().version).toBe('1.0.7');
  });

  it('setAttributes keeps the unit id unless it names one', async () => {
    const client = start();
    await client.ready();
    const version = client.getExperiment('checkout-test')?.version;
    client.setAttributes({ plan: 'pro' });
    expect(client.getExperiment('checkout-test')?.version).toBe(version);
    client.track('x');
    await client.flush();
    expect(server.storedOfType('track')[0]?.attributes).toEqual({ id: 'unit-1', plan: 'pro' });
  });
});

describe('never throws into the host page', () => {
  // Clients made from hostile options fall back to the page's fetch: the fake server stands in for it.
  beforeEach(() => vi.stubGlobal('fetch', server.fetch));

  it('works in memory when storage throws', async () => {
    storage = hostileStorage;
    const client = start();
    await expect(client.ready()).resolves.toBe(true);
    expect(client.isOn('new-checkout')).toBe(true);
    client.track('x');
    await client.flush();
    expect(server.stored.size).toBe(1);
  });

  it('survives a fetch that throws, rejects or answers garbage', async () => {
    const fetches: (typeof fetch)[] = [
      () => {
        throw new Error('sync');
      },
      () => Promise.reject(new Error('async')),
      async () => new Response('not json', { status: 200 }),
      async () => new Response(JSON.stringify({ format: 2 }), { status: 200 }),
      async () => new Response(JSON.stringify({ ...makePayload(), flags: 'nope' }), { status: 200 }),
    ];
    for (const fetch of fetches) {
      const client = start({ fetch, readyTimeout: 100, streaming: true });
      const ready = client.ready();
      await tick(100);
      await expect(ready).resolves.toBe(false);
      expect(client.getFlag('new-checkout', false)).toBe(false);
      expect(client.getExperiment('checkout-test')).toBeNull();
      await expect(client.fetchExperiment('checkout-test')).resolves.toBeNull();
      client.track('x');
      await expect(client.flush()).resolves.toBeUndefined();
      client.destroy();
    }
    expect(errors.length).toBeGreaterThan(fetches.length);
  });

  it('evaluates a payload with broken pieces without throwing', async () => {
    const broken = makePayload('broken') as unknown as { flags: unknown[]; experiments: unknown[] };
    broken.flags.push(null, { key: 'bad', rules: 7 });
    broken.experiments.push({ key: 'no-versions' });
    const client = start({ payload: broken as never, fetch: () => new Promise(() => {}) });
    expect(client.isOn('new-checkout')).toBe(true);
    expect(client.getFlag('bad', 'x')).toBe('x');
    expect(client.getExperiment('no-versions')).toBeNull();
  });

  it('tolerates hostile arguments and listeners', async () => {
    const client = createClient(undefined as unknown as ClientOptions);
    clients.push(client);
    expect(client.getFlag('x', 1)).toBe(1);
    const started = start({
      onError: () => {
        throw new Error('handler fails too');
      },
    });
    started.subscribe(() => {
      throw new Error('listener fails');
    });
    started.setAttributes(null as never);
    started.track(undefined as never, 'NaN' as never, 5 as never);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    started.track('circular', 1, circular);
    server.publish(makePayload('r2'));
    await tick(POLL_INTERVAL_MS);
    expect(started.isOn('new-checkout')).toBe(true);
    const { isOn, getFlag } = started;
    expect(isOn('new-checkout')).toBe(true);
    expect(getFlag('missing', 'd')).toBe('d');
  });

  it('stops all network activity on destroy', async () => {
    const client = start({ streaming: true });
    await client.ready();
    await tick();
    client.destroy();
    const seen = server.calls.length;
    await tick(3 * POLL_INTERVAL_MS);
    expect(server.calls.length).toBe(seen);
    expect(server.openStreams()).toBe(0);
  });
});
