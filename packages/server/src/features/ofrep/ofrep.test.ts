import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app';
import { call, createKey } from '../../../test/client';
import { addFlag, announceChange, preflight, revisionOf, revokeKey, sdkShop } from '../../../test/sdk';
import { openStream } from '../../../test/sse';
import { event as eventTable } from '../../db/schema';

describe('OFREP', () => {
  const t = useTestApp();

  const post = (url: string, body: unknown, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  const single = (key: string, body: unknown, headers: Record<string, string>) =>
    post(`/ofrep/v1/evaluate/flags/${key}`, body, headers);
  const bulk = (body: unknown, headers: Record<string, string>) => post('/ofrep/v1/evaluate/flags', body, headers);
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('evaluates one flag for a context, with the key as a bearer token or X-API-Key', async () => {
    const shop = await sdkShop(t.app, t.database.db);
    const pro = await single('beta', { context: { targetingKey: 'u-1', plan: 'pro' } }, bearer(shop.clientKey));
    expect(pro.statusCode, pro.body).toBe(200);
    expect(pro.json()).toEqual({
      key: 'beta',
      value: true,
      reason: 'TARGETING_MATCH',
      variant: 'on',
      metadata: { ruleId: 'pros' },
    });
    const free = await single(
      'beta',
      { context: { targetingKey: 'u-1', plan: 'free' } },
      { 'x-api-key': shop.clientKey },
    );
    expect(free.json()).toMatchObject({ key: 'beta', value: false, variant: 'off' });
    const split = await single('hero-size', { context: { targetingKey: 'u-1' } }, bearer(shop.clientKey));
    expect(split.json()).toMatchObject({ key: 'hero-size', reason: 'SPLIT' });
    expect(['s', 'l']).toContain(split.json().value);
  });

  it('evaluates prerequisites with the SDK core: a flag whose prerequisite fails serves off, PREREQUISITE_FAILED', async () => {
    const shop = await sdkShop(t.app, t.database.db);
    await addFlag(t.database.db, shop.projectId, {
      key: 'beta-banner',
      environments: {
        [shop.environments.production!]: { enabled: true, prerequisites: [{ flag: 'beta', variants: ['on'] }] },
      },
    });
    await announceChange(t.database.db, shop.projectId);
    const auth = bearer(shop.clientKey);
    const pro = await single('beta-banner', { context: { targetingKey: 'u-1', plan: 'pro' } }, auth);
    expect(pro.json()).toEqual({ key: 'beta-banner', value: true, reason: 'STATIC', variant: 'on', metadata: {} });
    const free = await single('beta-banner', { context: { targetingKey: 'u-1', plan: 'free' } }, auth);
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({
      key: 'beta-banner',
      value: false,
      reason: 'PREREQUISITE_FAILED',
      variant: 'off',
      metadata: {},
    });
  });

  it('answers OFREP errors: unknown flag, missing targeting key, bad context, bad body', async () => {
    const shop = await sdkShop(t.app, t.database.db);
    const auth = bearer(shop.clientKey);
    const missing = await single('no-such-flag', { context: { targetingKey: 'u-1' } }, auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ key: 'no-such-flag', errorCode: 'FLAG_NOT_FOUND' });
    const noKey = await single('hero-size', { context: {} }, auth);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ key: 'hero-size', errorCode: 'TARGETING_KEY_MISSING' });
    // A rule on attributes alone needs no unit.
    expect((await single('beta', { context: { plan: 'pro' } }, auth)).json()).toMatchObject({ value: true });
    const badContext = await single('beta', { context: 'pro' }, auth);
    expect(badContext.statusCode).toBe(400);
    expect(badContext.json()).toMatchObject({ key: 'beta', errorCode: 'INVALID_CONTEXT' });
    const badKey = await single('beta', { context: { targetingKey: 7 } }, auth);
    expect(badKey.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT' });
    const badBody = await single('beta', ['context'], auth);
    expect(badBody.json()).toMatchObject({ key: 'beta', errorCode: 'PARSE_ERROR' });
  });

  it('wants a key (401), and refuses an unknown or revoked one (403)', async () => {
    const shop = await sdkShop(t.app, t.database.db);
    const body = { context: { targetingKey: 'u-1' } };
    expect((await single('beta', body, {})).statusCode).toBe(401);
    expect((await bulk(body, {})).statusCode).toBe(401);
    expect((await single('beta', body, bearer('tbc_not-a-key'))).statusCode).toBe(403);
    await revokeKey(t.app, shop);
    expect((await single('beta', body, bearer(shop.clientKey))).statusCode).toBe(403);
    expect((await bulk(body, { 'x-api-key': shop.clientKey })).statusCode).toBe(403);
  });

  it("returns the flag's metadata with the rule's id, and no value for a flag that defers to the caller's default", async () => {
    const shop = await sdkShop(t.app, t.database.db);
    const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
      call(t.app, shop.owner, { method, url: `/api/v1/projects/${shop.projectId}${url}`, payload });
    const created = await api('POST', '/flags', {
      key: 'checkout-copy',
      name: 'Checkout copy',
      type: 'string',
      variants: [{ key: 'short', value: 'Pay' }],
      defaultVariant: null,
      offVariant: null,
      metadata: { owner: 'checkout', version: 2, reviewed: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ defaultVariant: null, offVariant: null, metadata: { version: 2 } });
    const context = { context: { targetingKey: 'u-1', plan: 'pro' } };
    const auth = bearer(shop.clientKey);
    // Off, with no off variant: the caller's default, for reason DISABLED.
    const off = await single('checkout-copy', context, auth);
    expect(off.json()).toEqual({
      key: 'checkout-copy',
      reason: 'DISABLED',
      metadata: { owner: 'checkout', version: 2, reviewed: true },
    });
    const rules = [
      {
        id: 'pros',
        conditions: [{ attribute: 'plan', operator: 'eq', values: ['pro'] }],
        serve: { kind: 'variant', variant: 'short' },
      },
    ];
    const saved = await api('PUT', '/flags/checkout-copy/environments/production', { enabled: true, rules });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await single('checkout-copy', context, auth)).json()).toEqual({
      key: 'checkout-copy',
      value: 'Pay',
      reason: 'TARGETING_MATCH',
      variant: 'short',
      metadata: { owner: 'checkout', version: 2, reviewed: true, ruleId: 'pros' },
    });
    const free = await single('checkout-copy', { context: { targetingKey: 'u-1', plan: 'free' } }, auth);
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ key: 'checkout-copy', reason: 'DEFAULT', metadata: expect.any(Object) });
    // A variant that does not exist, and metadata that is not scalar, are refused.
    const badVariant = await api('POST', '/flags', { key: 'x', name: 'X', type: 'boolean', defaultVariant: 'maybe' });
    expect(badVariant.statusCode).toBe(400);
    const badMetadata = await api('POST', '/flags', { key: 'y', name: 'Y', type: 'boolean', metadata: { a: [1] } });
    expect(badMetadata.statusCode).toBe(400);
  });

  it('names an event stream for client keys, which says to fetch again after every change', async () => {
    const shop = await sdkShop(t.app, t.database.db);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const context = { context: { targetingKey: 'u-1' } };
    // The stream's address is the one the provider reached the server at.
    const host = { host: new URL(base).host };
    const { eventStreams } = (await bulk(context, { ...bearer(shop.clientKey), ...host })).json();
    expect(eventStreams).toEqual([
      { type: 'sse', url: `${base}/ofrep/v1/events/${shop.clientKey}`, inactivityDelaySec: 120 },
    ]);
    // A secret key is never written into an address: no stream for it.
    const secret = await createKey(t.app, shop.owner, shop.projectId, 'secret');
    expect((await bulk(context, bearer(secret.key))).json().eventStreams).toBeUndefined();

    const stream = await openStream(eventStreams[0].url, { origin: 'https://shop.example.com' });
    const behind = await openStream(eventStreams[0].url, { 'last-event-id': 'old' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['access-control-allow-origin']).toBe('*');
      expect(await stream.next()).toBe('retry: 3000');
      // A provider that reconnects after missing a revision hears of it at once.
      await behind.next();
      const current = await revisionOf(t.app, shop.clientKey);
      expect(await behind.next()).toContain(`id: ${current}`);

      await addFlag(t.database.db, shop.projectId, { key: 'fresh' });
      await announceChange(t.database.db, shop.projectId);
      const [id, event, data] = (await stream.next()).split('\n');
      const revision = await revisionOf(t.app, shop.clientKey);
      expect(revision).not.toBe(current);
      expect(id).toBe(`id: ${revision}`);
      expect(event).toBe('event: message');
      expect(JSON.parse(data!.replace(/^data: /, ''))).toEqual({
        type: 'refetchEvaluation',
        etag: `"${revision}"`,
        lastModified: expect.any(Number),
      });
    } finally {
      stream.close();
      behind.close();
    }
    // The stream is for live keys only.
    expect((await t.app.inject({ url: '/ofrep/v1/events/tbc_unknown' })).statusCode).toBe(404);
  });

  it('is in the API documentation: both evaluation routes and the event stream', async () => {
    const { paths } = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/ofrep/v1/evaluate/flags/{key}',
        '/ofrep/v1/evaluate/flags',
        '/ofrep/v1/events/{clientKey}',
      ]),
    );
    expect(Object.keys(paths['/ofrep/v1/evaluate/flags'].post.responses)).toEqual(
      expect.arrayContaining(['200', '304', '400', '401', '403', '429']),
    );
  });

  it('takes a secret key of the environment in a header, never one of another kind or revoked', async () => {
    const shop = await sdkShop(t.app, t.database.db);
    const secret = await createKey(t.app, shop.owner, shop.projectId, 'secret');
    const body = { context: { targetingKey: 'u-1', plan: 'pro' } };
    const answer = await single('beta', body, bearer(secret.key));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ key: 'beta', value: true });
    expect((await bulk(body, { 'x-api-key': secret.key })).statusCode).toBe(200);
    // A made-up secret key, and a secret key's text in a client key's place, open nothing.
    expect((await single('beta', body, bearer(`${secret.key}x`))).statusCode).toBe(403);
    expect((await single('beta', body, bearer(`tbc_${secret.key.slice(4)}`))).statusCode).toBe(403);
    await revokeKey(t.app, shop, secret.id);
    expect((await single('beta', body, bearer(secret.key))).statusCode).toBe(403);
    // The SDK routes take keys in their address, where a secret key must never be used.
    expect((await t.app.inject({ url: `/sdk/v1/payload/${secret.key}` })).statusCode).toBe(404);
  });

  it('evaluates every flag in bulk, with an ETag that answers 304 until the context or the flags change', async () => {
    const shop = await sdkShop(t.app, t.database.db);
    const auth = bearer(shop.clientKey);
    const body = { context: { targetingKey: 'u-1', plan: 'pro' } };
    const first = await bulk(body, auth);
    expect(first.statusCode, first.body).toBe(200);
    const flags = first.json().flags as { key: string; value: unknown }[];
    expect(flags.map((flag) => flag.key).sort()).toEqual(['beta', 'hero-size']);
    expect(flags.find((flag) => flag.key === 'beta')?.value).toBe(true);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await bulk(body, { ...auth, 'if-none-match': etag })).statusCode).toBe(304);
    const other = await bulk({ context: { targetingKey: 'u-2' } }, { ...auth, 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    const noKey = await bulk({ context: {} }, auth);
    expect(noKey.json().flags).toContainEqual(
      expect.objectContaining({ key: 'hero-size', errorCode: 'TARGETING_KEY_MISSING' }),
    );
    const bad = await bulk({ context: [] }, auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT' });
  });

  it('logs one exposure per unit for a flag an experiment serves, however often a provider fetches it', async () => {
    const shop = await sdkShop(t.app, t.database.db);
    const auth = bearer(shop.clientKey);
    const exposures = () => t.database.db.select().from(eventTable).where(eq(eventTable.projectId, shop.projectId));
    await single('beta', { context: { targetingKey: 'u-9' } }, auth);
    expect(await exposures()).toHaveLength(0);
    const served = await single('hero-size', { context: { targetingKey: 'u-9' } }, auth);
    await bulk({ context: { targetingKey: 'u-9' } }, auth);
    await bulk({ context: { targetingKey: 'u-9' } }, auth);
    const rows = await exposures();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'exposure', unitId: 'u-9', experiment: 'hero' });
    expect(rows[0]?.version === 'small' ? 's' : 'l').toBe(served.json().value);
  });

  it('lets browsers call it: the preflight allows the key headers, answers expose the ETag', async () => {
    const answer = await preflight(
      t.app,
      '/ofrep/v1/evaluate/flags',
      'POST',
      'authorization,content-type,if-none-match',
    );
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-headers']).toContain('x-api-key');
    expect(answer.headers['access-control-allow-headers']).toContain('authorization');
    const shop = await sdkShop(t.app, t.database.db);
    const response = await bulk({ context: { targetingKey: 'u-1' } }, bearer(shop.clientKey));
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-expose-headers']).toContain('etag');
  });
});

describe('OFREP rate limit', () => {
  it('answers 429 with Retry-After past the limit of one key from one address, and keeps other keys served', async () => {
    const { app, database, close } = await createTestApp({ ofrepRequestsPerMinute: 3 });
    try {
      const shop = await sdkShop(app, database.db);
      const other = await sdkShop(app, database.db);
      const ask = (key: string) =>
        app.inject({
          method: 'POST',
          url: '/ofrep/v1/evaluate/flags/beta',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload: { context: { targetingKey: 'u-1' } },
        });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        const answer = await ask(shop.clientKey);
        statuses.push(answer.statusCode);
        // An evaluation carries no limit headers; only a refusal says when to come back.
        expect(answer.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await ask(shop.clientKey);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await ask(other.clientKey)).statusCode).toBe(200);
    } finally {
      await close();
    }
  });
});
