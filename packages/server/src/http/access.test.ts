import { CSRF_HEADER } from '@tabula/protocol';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { call, createProject, signUp } from '../../test/client';
import { buildApp } from '../app';
import { session as sessionTable } from '../db/schema';

describe('the access hook', () => {
  const t = useTestApp();

  it('refuses a cookie write without the CSRF token, or with a wrong one', async () => {
    const owner = await signUp(t.app);
    const request = { method: 'POST' as const, url: '/api/v1/projects', payload: { name: 'CSRF' } };
    const missing = await t.app.inject({ ...request, headers: { cookie: owner.cookie } });
    const wrong = await t.app.inject({ ...request, headers: { cookie: owner.cookie, [CSRF_HEADER]: 'guess' } });
    for (const response of [missing, wrong]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('csrf_failed');
    }
    const right = await call(t.app, owner, request);
    expect(right.statusCode).toBe(201);
    // Reads need no token.
    expect((await t.app.inject({ url: '/api/v1/projects', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });

  it('hides other organizations’ projects behind 404', async () => {
    const alice = await signUp(t.app, 'alice');
    const bob = await signUp(t.app, 'bob');
    const project = await createProject(t.app, alice);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/projects/${project.id}`, undefined],
      ['PATCH', `/api/v1/projects/${project.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/v1/projects/${project.id}`, undefined],
      ['GET', `/api/v1/projects/${project.id}/keys`, undefined],
      ['POST', `/api/v1/projects/${project.id}/environments`, { key: 'qa', name: 'QA' }],
    ] as const) {
      const response = await call(t.app, bob, { method, url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const list = await call(t.app, bob, { url: '/api/v1/projects' });
    expect(list.json().projects).toEqual([]);
    expect((await call(t.app, alice, { url: `/api/v1/projects/${project.id}` })).json().name).toBe('Web shop');
  });

  it('answers an expired session with 401', async () => {
    const owner = await signUp(t.app);
    await t.database.db
      .update(sessionTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionTable.userId, owner.me.user.id));
    expect((await call(t.app, owner, { url: '/api/v1/auth/me' })).statusCode).toBe(401);
  });

  it('renews a session in use, at most once a minute', async () => {
    const owner = await signUp(t.app);
    const fresh = await call(t.app, owner, { url: '/api/v1/auth/me' });
    expect(fresh.headers['set-cookie']).toBeUndefined();
    const longAgo = new Date(Date.now() - 5 * 60 * 1000);
    await t.database.db
      .update(sessionTable)
      .set({ lastSeenAt: longAgo, expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(sessionTable.userId, owner.me.user.id));
    const renewed = await call(t.app, owner, { url: '/api/v1/auth/me' });
    expect(renewed.headers['set-cookie']).toBeDefined();
    const [row] = await t.database.db.select().from(sessionTable).where(eq(sessionTable.userId, owner.me.user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 60 * 60 * 1000);
  });

  it('answers unknown API routes with the error shape', async () => {
    const response = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/v1/nothing-here' } });
  });

  it('refuses to start with a route that declares no access', async () => {
    const app = await buildApp({ config: t.config, database: t.database });
    app.get('/api/v1/forgotten', async () => ({ open: true }));
    await expect(app.ready()).rejects.toThrow('Routes must declare config.access: GET /api/v1/forgotten');
    await app.close();
  });
});
