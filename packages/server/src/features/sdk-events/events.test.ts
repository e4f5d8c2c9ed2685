import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app';
import { preflight, revokeKey, sdkProject } from '../../../test/sdk';
import { event as eventTable } from '../../db/schema';

let counter = 0;
const exposure = (overrides: Record<string, unknown> = {}) => ({
  id: `evt-${Date.now().toString(36)}-${++counter}`,
  type: 'exposure',
  at: Date.now(),
  unitId: 'visitor-1',
  experiment: 'hero',
  version: 'big',
  ...overrides,
});
const track = (overrides: Record<string, unknown> = {}) => ({
  id: `evt-${Date.now().toString(36)}-${++counter}`,
  type: 'track',
  at: Date.now(),
  unitId: 'visitor-1',
  event: 'purchase',
  value: 42.5,
  properties: { items: [{ sku: 'A1', qty: 2 }] },
  attributes: { country: 'NL' },
  ...overrides,
});

describe('SDK events', () => {
  const t = useTestApp();
  const post = (clientKey: string, body: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: `/sdk/v1/events/${clientKey}`,
      headers: { 'content-type': contentType, origin: 'https://shop.example.com' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const stored = (projectId: string) =>
    t.database.db.select().from(eventTable).where(eq(eventTable.projectId, projectId));

  it('stores good events, refuses bad ones by index, and answers 202 after the commit', async () => {
    const project = await sdkProject(t.app);
    const good = [exposure(), track()];
    const response = await post(project.clientKey, {
      events: [good[0], { type: 'exposure' }, good[1], track({ type: 'click' }), track({ at: -1 }), 'nonsense'],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const body = response.json();
    expect(body).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(body.rejected.map((rejection: { index: number }) => rejection.index)).toEqual([1, 3, 4, 5]);
    for (const rejection of body.rejected) expect(rejection.reason).toEqual(expect.any(String));
    expect(body.rejected[2].reason).toMatch(/^at: /);

    const rows = await stored(project.projectId);
    expect(rows).toHaveLength(2);
    const trackRow = rows.find((row) => row.type === 'track')!;
    expect(trackRow).toMatchObject({
      environmentId: project.environments.production,
      eventId: good[1]!.id,
      unitId: 'visitor-1',
      name: 'purchase',
      value: 42.5,
      properties: { items: [{ sku: 'A1', qty: 2 }] },
      attributes: { country: 'NL' },
      experiment: null,
    });
    expect(trackRow.occurredAt.getTime()).toBe(good[1]!.at);
    expect(rows.find((row) => row.type === 'exposure')).toMatchObject({
      experiment: 'hero',
      version: 'big',
      name: null,
    });
  });

  it('stores an exposure with its dimensions: from the browser and the CDN, or as a server SDK sends them', async () => {
    const project = await sdkProject(t.app);
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const fromBrowser = exposure({ dimensions: { attributes: { plan: 'pro', seats: 3, beta: true } } });
    const fromServer = exposure({ dimensions: { browser: 'Firefox', device: 'desktop', os: 'Linux', country: 'JP' } });
    // The browser SDK sends the attributes it evaluated with; named dimensions win over them.
    const withAttributes = exposure({
      attributes: { id: 'visitor-1', plan: 'free', market: 'x'.repeat(100), 'bad name': 'no', gone: null },
      dimensions: { attributes: { plan: 'pro' } },
    });
    const badCountry = exposure({ dimensions: { country: 'Germany' } });
    const send = (events: unknown[], headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/sdk/v1/events/${project.clientKey}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: { events },
      });
    const browser = await send([fromBrowser, badCountry], { 'user-agent': iphone, 'cf-ipcountry': 'de' });
    expect(browser.json()).toMatchObject({ accepted: 1, rejected: [{ index: 1 }] });
    expect(browser.json().rejected[0].reason).toMatch(/^dimensions\.country: /);
    // A server SDK's own user agent tells nothing of its visitor.
    expect((await send([fromServer, withAttributes], { 'user-agent': 'node' })).json()).toMatchObject({ accepted: 2 });
    const rows = await stored(project.projectId);
    const byId = (id: string) => rows.find((row) => row.eventId === id)?.attributes;
    expect(byId(fromBrowser.id)).toEqual({
      browser: 'Safari',
      device: 'mobile',
      os: 'iOS',
      country: 'DE',
      'attribute:plan': 'pro',
      'attribute:seats': '3',
      'attribute:beta': 'true',
    });
    expect(byId(fromServer.id)).toEqual({ browser: 'Firefox', device: 'desktop', os: 'Linux', country: 'JP' });
    expect(byId(withAttributes.id)).toEqual({
      'attribute:id': 'visitor-1',
      'attribute:plan': 'pro',
      'attribute:market': 'x'.repeat(64),
    });
  });

  it('counts a retried batch once', async () => {
    const project = await sdkProject(t.app);
    const batch = { events: [exposure(), exposure(), track()] };
    expect((await post(project.clientKey, batch)).json()).toEqual({ accepted: 3, duplicates: 0, rejected: [] });
    const retry = { events: [...batch.events, track()] };
    expect((await post(project.clientKey, retry)).json()).toEqual({ accepted: 4, duplicates: 3, rejected: [] });
    // The same id twice in one batch is stored once too.
    const twice = exposure();
    expect((await post(project.clientKey, { events: [twice, twice] })).json()).toMatchObject({ duplicates: 1 });
    expect(await stored(project.projectId)).toHaveLength(5);
  });

  it('stores a batch once when its retry races the original', async () => {
    const project = await sdkProject(t.app);
    const batch = { events: [exposure(), track(), track()] };
    const answers = await Promise.all([1, 2, 3].map(() => post(project.clientKey, batch)));
    const outcomes = answers.map((answer) => answer.json() as { accepted: number; duplicates: number });
    expect(outcomes.map((outcome) => outcome.accepted)).toEqual([3, 3, 3]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.duplicates, 0)).toBe(6);
    expect(await stored(project.projectId)).toHaveLength(3);
  });

  it('keeps event ids apart per project', async () => {
    const first = await sdkProject(t.app);
    const second = await sdkProject(t.app);
    const shared = exposure();
    expect((await post(first.clientKey, { events: [shared] })).json().duplicates).toBe(0);
    expect((await post(second.clientKey, { events: [shared] })).json().duplicates).toBe(0);
  });

  it('takes sendBeacon’s text/plain body', async () => {
    const project = await sdkProject(t.app);
    const response = await post(project.clientKey, { events: [track()] }, 'text/plain;charset=UTF-8');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().accepted).toBe(1);
  });

  it('refuses malformed JSON, other content types, empty and oversized batches', async () => {
    const project = await sdkProject(t.app);
    const malformed = await post(project.clientKey, '{"events": [', 'text/plain');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('bad_request');
    expect(malformed.headers['access-control-allow-origin']).toBe('*');

    const xml = await post(project.clientKey, '<events/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('unsupported_media_type');

    expect((await post(project.clientKey, { events: [] })).statusCode).toBe(400);
    expect((await post(project.clientKey, { nothing: true })).statusCode).toBe(400);

    const oversized = await post(project.clientKey, { events: Array.from({ length: 501 }, () => exposure()) });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/500/) });
    expect(await stored(project.projectId)).toHaveLength(0);
  });

  it('refuses what PostgreSQL could not store without failing the batch', async () => {
    const project = await sdkProject(t.app);
    let deep: unknown = 'bottom';
    for (let level = 0; level < 40; level++) deep = [deep];
    const response = await post(project.clientKey, {
      events: [
        track({ event: 'nul\u0000byte' }),
        track({ properties: { note: 'half \ud800 surrogate' } }),
        track({ properties: { deep } }),
        track({ at: 9e15 }),
        track(),
      ],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().accepted).toBe(1);
    expect(response.json().rejected.map((rejection: { reason: string }) => rejection.reason)).toEqual([
      'a text contains a NUL character',
      'a text contains an unpaired UTF-16 surrogate',
      'nested deeper than 32 levels',
      expect.stringMatching(/^at: /),
    ]);
  });

  it('refuses unknown and revoked keys', async () => {
    const project = await sdkProject(t.app);
    const unknown = await post('tbc_nosuchkeyanywhere', { events: [exposure()] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    await revokeKey(t.app, project);
    const revoked = await post(project.clientKey, { events: [exposure()] });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.code).toBe('unauthorized');
  });

  it('answers the CORS preflight of a JSON POST', async () => {
    const project = await sdkProject(t.app);
    const answer = await preflight(t.app, `/sdk/v1/events/${project.clientKey}`, 'POST', 'content-type');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
      'access-control-expose-headers': 'retry-after',
    });
  });
});

describe('SDK events under pressure', () => {
  it('answers 503 with Retry-After when the database is gone, storing nothing it claims', async () => {
    const t = await createTestApp();
    try {
      const project = await sdkProject(t.app);
      // The key is cached by a first batch; then the database goes away.
      const inject = () =>
        t.app.inject({
          method: 'POST',
          url: `/sdk/v1/events/${project.clientKey}`,
          payload: { events: [exposure()] },
        });
      expect((await inject()).statusCode).toBe(202);
      await t.database.close();
      const response = await inject();
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('unavailable');
      expect(response.headers['retry-after']).toBe('5');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await t.close();
    }
  });

  it('limits batches per client key and address', async () => {
    const t = await createTestApp({ sdkEventRequestsPerMinute: 2 });
    try {
      const project = await sdkProject(t.app);
      const inject = () =>
        t.app.inject({ method: 'POST', url: `/sdk/v1/events/${project.clientKey}`, payload: { events: [exposure()] } });
      expect((await inject()).statusCode).toBe(202);
      expect((await inject()).statusCode).toBe(202);
      const limited = await inject();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('rate_limited');
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await t.close();
    }
  });
});
