import { ID_ALPHABET } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, createProject, signUp } from '../../../test/client';

describe('API keys', () => {
  const t = useTestApp();
  const body = new RegExp(`^[${ID_ALPHABET}]{24,}$`);

  it('creates client keys shown in full and secret keys shown once', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const client = await createKey(t.app, owner, project.id, 'client');
    const secret = await createKey(t.app, owner, project.id, 'secret');
    expect(client.key.startsWith('tbc_') && body.test(client.key.slice(4))).toBe(true);
    expect(secret.key.startsWith('tbs_') && body.test(secret.key.slice(4))).toBe(true);
    expect(secret).toMatchObject({ kind: 'secret', environment: 'production', prefix: secret.key.slice(0, 8) });
    expect(secret.createdBy?.id).toBe(owner.me.user.id);

    const list = (await call(t.app, owner, { url: `/api/v1/projects/${project.id}/keys` })).json().keys;
    expect(list.find((k: { id: string }) => k.id === client.id).key).toBe(client.key);
    expect(list.find((k: { id: string }) => k.id === secret.id)).toMatchObject({ key: null, prefix: secret.prefix });
  });

  it('names the environment when it does not exist', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const response = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/keys`,
      payload: { name: 'Key', kind: 'secret', environment: 'nowhere' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', details: [{ path: 'environment' }] });
  });

  it('lets editors see keys but not manage them', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const key = await createKey(t.app, owner, project.id);
    const editor = await addMember(t.app, owner, 'editor');
    const base = `/api/v1/projects/${project.id}/keys`;
    expect((await call(t.app, editor, { url: base })).statusCode).toBe(200);
    const create = await call(t.app, editor, {
      method: 'POST',
      url: base,
      payload: { name: 'Mine', kind: 'secret', environment: 'production' },
    });
    expect(create.statusCode).toBe(403);
    expect((await call(t.app, editor, { method: 'DELETE', url: `${base}/${key.id}` })).statusCode).toBe(403);
  });

  it('acts as an editor of its own project only', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const sibling = await createProject(t.app, owner, 'Sibling');
    const stranger = await signUp(t.app, 'stranger');
    const foreign = await createProject(t.app, stranger);
    const { key } = await createKey(t.app, owner, project.id);

    expect((await asKey(t.app, key, { url: `/api/v1/projects/${project.id}` })).statusCode).toBe(200);
    const list = await asKey(t.app, key, { url: '/api/v1/projects' });
    expect(list.json().projects.map((p: { id: string }) => p.id)).toEqual([project.id]);
    for (const other of [sibling, foreign]) {
      expect((await asKey(t.app, key, { url: `/api/v1/projects/${other.id}` })).statusCode).toBe(404);
      expect((await asKey(t.app, key, { url: `/api/v1/projects/${other.id}/keys` })).statusCode).toBe(404);
    }
    for (const url of ['/api/v1/members', '/api/v1/invitations', '/api/v1/auth/me']) {
      expect((await asKey(t.app, key, { url })).statusCode, url).toBe(403);
    }
    // Bearer calls need no CSRF token; this one fails on the role (admin), not on CSRF.
    const write = await asKey(t.app, key, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/keys`,
      payload: { name: 'Escalate', kind: 'secret', environment: 'production' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('forbidden');

    const keys = (await call(t.app, owner, { url: `/api/v1/projects/${project.id}/keys` })).json().keys;
    expect(keys[0].lastUsedAt).not.toBeNull();
  });

  it('stops a revoked key at once', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const created = await createKey(t.app, owner, project.id);
    const url = `/api/v1/projects/${project.id}/keys/${created.id}`;
    expect((await call(t.app, owner, { method: 'DELETE', url })).statusCode).toBe(204);
    const refused = await asKey(t.app, created.key, { url: `/api/v1/projects/${project.id}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthorized');
    const keys = (await call(t.app, owner, { url: `/api/v1/projects/${project.id}/keys` })).json().keys;
    expect(keys[0].revokedAt).not.toBeNull();
    const unknown = `/api/v1/projects/${project.id}/keys/${'2'.repeat(16)}`;
    expect((await call(t.app, owner, { method: 'DELETE', url: unknown })).statusCode).toBe(404);
  });

  it('refuses client keys, unknown keys and malformed headers as bearer tokens', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const client = await createKey(t.app, owner, project.id, 'client');
    const url = `/api/v1/projects/${project.id}`;
    for (const token of [client.key, 'tbs_unknown']) {
      expect((await asKey(t.app, token, { url })).statusCode).toBe(401);
    }
    const malformed = await t.app.inject({ url, headers: { authorization: 'Basic abc' } });
    expect(malformed.statusCode).toBe(401);
  });
});
