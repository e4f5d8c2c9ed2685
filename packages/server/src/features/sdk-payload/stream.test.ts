import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app';
import { createKey } from '../../../test/client';
import { addFlag, announceChange, revisionOf, revokeKey, sdkProject } from '../../../test/sdk';
import { eventReader } from '../../../test/sse';

const parsePayloadEvent = (block: string) => {
  const lines = block.split('\n');
  expect(lines[0]).toMatch(/^id: /);
  expect(lines[1]).toBe('event: payload');
  const payload = JSON.parse(lines[2]!.replace(/^data: /, ''));
  expect(lines[0]).toBe(`id: ${payload.revision}`);
  return payload;
};

describe('SDK payload stream', () => {
  const t = useTestApp();
  let base = '';
  const streams: AbortController[] = [];

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const stream of streams) stream.abort();
  });

  const open = async (clientKey: string, headers: Record<string, string> = {}) => {
    const abort = new AbortController();
    streams.push(abort);
    const response = await fetch(`${base}/sdk/v1/stream/${clientKey}`, { headers, signal: abort.signal });
    return { response, abort };
  };

  it('sends the payload on connect and again after each change', async () => {
    const project = await sdkProject(t.app);
    const { response, abort } = await open(project.clientKey, { origin: 'https://shop.example.com' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const next = eventReader(response);
    expect(await next()).toBe('retry: 3000');
    const first = parsePayloadEvent(await next());
    expect(first.flags).toEqual([]);

    await addFlag(t.database.db, project.projectId, { key: 'streamed' });
    await announceChange(t.database.db, project.projectId);
    const second = parsePayloadEvent(await next());
    expect(second.revision).not.toBe(first.revision);
    expect(second.flags.map((flag: { key: string }) => flag.key)).toEqual(['streamed']);

    // A change that leaves the payload as it was sends nothing; the next real one arrives as usual.
    await announceChange(t.database.db, project.projectId);
    await addFlag(t.database.db, project.projectId, { key: 'another' });
    await announceChange(t.database.db, project.projectId);
    const third = parsePayloadEvent(await next());
    expect(third.flags.map((flag: { key: string }) => flag.key)).toEqual(['another', 'streamed']);
    abort.abort();
  });

  // Only a server database lets another connection hold a lock the rebuild waits on.
  it.skipIf(!process.env.DATABASE_URL)(
    'sends a change whose rebuild waits on the database longer than requests do',
    async () => {
      const project = await sdkProject(t.app);
      const { response, abort } = await open(project.clientKey);
      const next = eventReader(response);
      await next();
      const first = parsePayloadEvent(await next());

      const locker = new pg.Client({ connectionString: t.databaseUrl! });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table segment in access exclusive mode');
        await addFlag(t.database.db, project.projectId, { key: 'slow' });
        await announceChange(t.database.db, project.projectId);
        // Past the time a request waits for a rebuild before it is served the payload already held.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await locker.query('commit');
      } finally {
        await locker.end();
      }
      const second = parsePayloadEvent(await next());
      expect(second.revision).not.toBe(first.revision);
      expect(second.flags.map((flag: { key: string }) => flag.key)).toEqual(['slow']);
      abort.abort();
    },
  );

  it('does not resend what a reconnecting client already has (Last-Event-ID)', async () => {
    const project = await sdkProject(t.app);
    const revision = await revisionOf(t.app, project.clientKey);
    const { response, abort } = await open(project.clientKey, { 'last-event-id': revision });
    const next = eventReader(response);
    expect(await next()).toBe('retry: 3000');
    await addFlag(t.database.db, project.projectId, { key: 'after-reconnect' });
    await announceChange(t.database.db, project.projectId);
    // The first payload event is the change: the unchanged payload was not sent again.
    const payload = parsePayloadEvent(await next());
    expect(payload.revision).not.toBe(revision);
    expect(payload.flags.map((flag: { key: string }) => flag.key)).toEqual(['after-reconnect']);
    abort.abort();
  });

  it('refuses unknown and revoked keys before streaming', async () => {
    const project = await sdkProject(t.app);
    const unknown = await open('tbc_nobodyhasthiskey');
    expect(unknown.response.status).toBe(404);
    expect(unknown.response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await unknown.response.json()).error.code).toBe('not_found');
    await revokeKey(t.app, project);
    expect((await open(project.clientKey)).response.status).toBe(401);
  });

  it('ends an open stream within a second of its key being revoked, and keeps the others', async () => {
    const project = await sdkProject(t.app);
    const other = await createKey(t.app, project.owner, project.projectId, 'client');
    const revoked = eventReader((await open(project.clientKey)).response);
    const kept = eventReader((await open(other.key)).response);
    for (const next of [revoked, kept]) {
      await next();
      await next();
    }
    const revokedAt = Date.now();
    await revokeKey(t.app, project);
    await expect(async () => {
      for (;;) await revoked();
    }).rejects.toThrow('the stream ended');
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    // The other key's stream goes on: a change still reaches it.
    await addFlag(t.database.db, project.projectId, { key: 'still-streamed' });
    await announceChange(t.database.db, project.projectId);
    let block = await kept();
    while (!block.startsWith('id: ')) block = await kept();
    expect(parsePayloadEvent(block).flags.map((flag: { key: string }) => flag.key)).toContain('still-streamed');
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestApp();
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const project = await sdkProject(other.app);
    const response = await fetch(`${url}/sdk/v1/stream/${project.clientKey}`);
    const next = eventReader(response);
    await next();
    await other.close();
    await expect(async () => {
      for (;;) await next();
    }).rejects.toThrow();
  });
});

describe('SDK payload stream heartbeat', () => {
  it('sends a comment every 15 seconds so clients and proxies know the stream is alive', async () => {
    // Only the heartbeat's interval is simulated: sockets, the database and every timeout run for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const t = await createTestApp();
    try {
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const project = await sdkProject(t.app);
      const abort = new AbortController();
      const response = await fetch(`${url}/sdk/v1/stream/${project.clientKey}`, { signal: abort.signal });
      const next = eventReader(response);
      expect(await next()).toBe('retry: 3000');
      parsePayloadEvent(await next());
      vi.advanceTimersByTime(15_000);
      expect(await next()).toBe(': heartbeat');
      abort.abort();
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});
