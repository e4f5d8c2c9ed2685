import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call, createProject, signUp } from '../../../test/client';

describe('environments', () => {
  const t = useTestApp();

  it('adds, renames and removes environments', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}/environments`;
    const created = await call(t.app, owner, {
      method: 'POST',
      url: base,
      payload: { key: 'staging', name: 'Staging' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ key: 'staging', name: 'Staging' });

    const duplicate = await call(t.app, owner, {
      method: 'POST',
      url: base,
      payload: { key: 'staging', name: 'Again' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('conflict');

    const renamed = await call(t.app, owner, {
      method: 'PATCH',
      url: `${base}/staging`,
      payload: { name: 'Pre-prod' },
    });
    expect(renamed.json()).toMatchObject({ key: 'staging', name: 'Pre-prod' });

    expect((await call(t.app, owner, { method: 'DELETE', url: `${base}/staging` })).statusCode).toBe(204);
    expect((await call(t.app, owner, { method: 'DELETE', url: `${base}/staging` })).statusCode).toBe(404);
    const list = await call(t.app, owner, { url: base });
    expect(list.json().environments.map((env: { key: string }) => env.key)).toEqual(['development', 'production']);
  });

  it('keeps at least one environment', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}/environments`;
    expect((await call(t.app, owner, { method: 'DELETE', url: `${base}/development` })).statusCode).toBe(204);
    const last = await call(t.app, owner, { method: 'DELETE', url: `${base}/production` });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toMatch(/at least one environment/);
  });

  it('validates keys and leaves changes to admins', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}/environments`;
    const bad = await call(t.app, owner, { method: 'POST', url: base, payload: { key: 'Bad Key', name: 'Bad' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('key');
    const editor = await addMember(t.app, owner, 'editor');
    expect((await call(t.app, editor, { url: base })).statusCode).toBe(200);
    const write = await call(t.app, editor, { method: 'POST', url: base, payload: { key: 'qa', name: 'QA' } });
    expect(write.statusCode).toBe(403);
  });
});
