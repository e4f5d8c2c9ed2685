import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sdkPayloadSchema } from '@tabula/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app';
import { call, createKey } from '../../../test/client';
import {
  addExperiment,
  addFlag,
  addSegment,
  announceChange,
  country,
  fetchPayload,
  preflight,
  revisionOf,
  revokeKey,
  sdkProject,
} from '../../../test/sdk';
import { FROM_MEMORY_HEADER } from './service';

describe('SDK payload', () => {
  const t = useTestApp();

  it('holds the environment’s segments, flags and running experiments', async () => {
    const project = await sdkProject(t.app);
    const { production, development } = project.environments as { production: string; development: string };
    const db = t.database.db;
    await addSegment(db, project.projectId, 'dutch', [country('NL')]);
    const rule = {
      id: 'r1',
      conditions: [{ attribute: 'plan', operator: 'eq', values: ['pro'] }],
      segments: ['dutch'],
      serve: { kind: 'variant' as const, variant: 'off' },
    };
    await addFlag(db, project.projectId, {
      key: 'checkout',
      environments: { [production]: { enabled: true, rules: [rule] }, [development]: { enabled: false } },
    });
    await addFlag(db, project.projectId, { key: 'dark-mode' });
    await addFlag(db, project.projectId, {
      key: 'retired',
      archived: true,
      environments: { [production]: { enabled: true } },
    });
    await addExperiment(db, project.projectId, {
      key: 'hero',
      kind: 'visual',
      pageUrl: 'https://shop.example.com/',
      layer: { key: 'homepage', start: 0, end: 5000 },
      versions: [
        { key: 'control', weight: 3000 },
        { key: 'big', weight: 7000, params: { size: 'xl' } },
      ],
    });
    await addExperiment(db, project.projectId, { key: 'draft-one', status: 'draft' });

    const response = await fetchPayload(t.app, project.clientKey);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const payload = sdkPayloadSchema.parse(response.json());
    expect(payload).toMatchObject({ format: 1, projectId: project.projectId, environment: 'production' });
    expect(Date.parse(payload.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(payload.segments).toEqual([{ key: 'dutch', conditions: [country('NL')] }]);
    expect(payload.flags).toEqual([
      {
        key: 'checkout',
        type: 'boolean',
        variants: [
          { key: 'on', value: true },
          { key: 'off', value: false },
        ],
        defaultVariant: 'on',
        offVariant: 'off',
        enabled: true,
        rules: [rule],
      },
      // No row for the environment: off, with no rules.
      expect.objectContaining({ key: 'dark-mode', enabled: false, rules: [] }),
    ]);
    expect(payload.experiments).toEqual([
      {
        key: 'hero',
        kind: 'visual',
        unitAttribute: 'id',
        traffic: 10_000,
        phase: 0,
        conditions: [],
        segments: [],
        layer: { key: 'homepage', start: 0, end: 5000 },
        page: { url: 'https://shop.example.com/', match: 'exact' },
        versions: [
          { key: 'control', name: 'control', weight: 3000, isControl: true, params: {}, elementRules: [] },
          { key: 'big', name: 'big', weight: 7000, isControl: false, params: { size: 'xl' }, elementRules: [] },
        ],
      },
    ]);
    expect(payload.clickSelectors).toEqual([]);
  });

  it('is revalidated by a strong ETag: 304 when unchanged', async () => {
    const project = await sdkProject(t.app);
    const first = await fetchPayload(t.app, project.clientKey);
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${first.json().revision}"`);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding');

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await fetchPayload(t.app, project.clientKey, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await fetchPayload(t.app, project.clientKey, { 'if-none-match': '"old-revision"' });
    expect(stale.statusCode).toBe(200);
  });

  it('is served compressed when the client accepts it', async () => {
    const project = await sdkProject(t.app);
    // Added before the first request, which builds the payload.
    await addFlag(t.database.db, project.projectId, { key: 'compressible' });
    const plain = await fetchPayload(t.app, project.clientKey);
    const gzip = await fetchPayload(t.app, project.clientKey, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const br = await fetchPayload(t.app, project.clientKey, { 'accept-encoding': 'gzip;q=0.5, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const refused = await fetchPayload(t.app, project.clientKey, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('is rebuilt after a change is announced, and only then', async () => {
    const project = await sdkProject(t.app);
    const other = await sdkProject(t.app);
    const before = await revisionOf(t.app, project.clientKey);
    const otherBefore = await revisionOf(t.app, other.clientKey);

    await addFlag(t.database.db, project.projectId, { key: 'new-flag' });
    // Served from memory until someone says the project changed.
    expect(await revisionOf(t.app, project.clientKey)).toBe(before);
    await announceChange(t.database.db, project.projectId);
    await vi.waitFor(async () => expect(await revisionOf(t.app, project.clientKey)).not.toBe(before));
    const flags = (await fetchPayload(t.app, project.clientKey)).json().flags;
    expect(flags.map((flag: { key: string }) => flag.key)).toEqual(['new-flag']);

    // A change elsewhere, or one that changes nothing, keeps the revision (and every SDK's cached copy).
    await announceChange(t.database.db, other.projectId);
    expect(await revisionOf(t.app, other.clientKey)).toBe(otherBefore);
  });

  it('answers unknown and revoked keys in the error shape, with CORS', async () => {
    const project = await sdkProject(t.app);
    for (const key of ['tbc_unknownkey', 'not-a-key']) {
      const unknown = await fetchPayload(t.app, key);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
      expect(unknown.headers['access-control-allow-origin']).toBe('*');
    }
    expect((await fetchPayload(t.app, project.clientKey)).statusCode).toBe(200);
    await revokeKey(t.app, project);
    // The key was cached by the first request; revoking forgets it at once.
    const revoked = await fetchPayload(t.app, project.clientKey);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/revoked/) });
    expect(revoked.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses secret keys', async () => {
    const project = await sdkProject(t.app);
    const secret = await createKey(t.app, project.owner, project.projectId, 'secret');
    expect((await fetchPayload(t.app, secret.key)).statusCode).toBe(404);
  });

  it('is open to any origin, with a preflight for If-None-Match', async () => {
    const project = await sdkProject(t.app);
    const response = await fetchPayload(t.app, project.clientKey, { origin: 'https://shop.example.com' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-expose-headers']).toBe('etag, retry-after, x-tabula-database');
    // No resource policy is sent at all, so none keeps another site's page from reading it.
    expect(response.headers['cross-origin-resource-policy']).toBeUndefined();
    const answer = await preflight(t.app, `/sdk/v1/payload/${project.clientKey}`, 'GET', 'if-none-match');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers': 'if-none-match',
    });
  });

  it('records when a client key was last used', async () => {
    const project = await sdkProject(t.app);
    const lastUsed = async () => {
      const keys = (await call(t.app, project.owner, { url: `/api/v1/projects/${project.projectId}/keys` })).json();
      return keys.keys.find((key: { id: string }) => key.id === project.keyId).lastUsedAt;
    };
    expect(await lastUsed()).toBeNull();
    await fetchPayload(t.app, project.clientKey);
    await vi.waitFor(async () => expect(await lastUsed()).not.toBeNull());
  });
});

describe('SDK payload without a database', () => {
  it('keeps serving the payload it has, and answers 503 with Retry-After for one it cannot build', async () => {
    const t = await createTestApp();
    try {
      const project = await sdkProject(t.app);
      const other = await sdkProject(t.app);
      const served = await fetchPayload(t.app, project.clientKey);
      // The other key is known (it sent events), its payload never built.
      const events = await t.app.inject({
        method: 'POST',
        url: `/sdk/v1/events/${other.clientKey}`,
        payload: { events: [{ id: 'warm-up-event', type: 'track', at: Date.now(), unitId: 'u', event: 'visit' }] },
      });
      expect(events.statusCode).toBe(202);
      await t.database.close();
      const again = await fetchPayload(t.app, project.clientKey);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(served.body);
      // Once the payload is due for revalidation, the database is found away: the payload held is served, and says
      // it is only what memory held.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      await fetchPayload(t.app, project.clientKey);
      const held = await fetchPayload(t.app, project.clientKey);
      expect(held.statusCode).toBe(200);
      expect(held.body).toBe(served.body);
      expect(held.headers[FROM_MEMORY_HEADER]).toBe('unavailable');
      expect(served.headers[FROM_MEMORY_HEADER]).toBeUndefined();
      vi.useRealTimers();
      const unavailable = await fetchPayload(t.app, other.clientKey);
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.headers['retry-after']).toBe('5');
      expect(unavailable.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await t.close();
    }
  });
});
