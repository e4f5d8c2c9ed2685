import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, createProject, signUp } from '../../../test/client';
import { fetchPayload } from '../../../test/sdk';

describe('segments', () => {
  const t = useTestApp();
  const dutch = { attribute: 'country', operator: 'eq', values: ['NL'] };

  it('creates, edits and deletes segments, refusing to delete one in use', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}/segments`;
    const created = await call(t.app, owner, {
      method: 'POST',
      url: base,
      payload: { key: 'dutch', name: 'Dutch', conditions: [dutch] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ key: 'dutch', name: 'Dutch', description: '', conditions: [dutch] });
    const duplicate = await call(t.app, owner, {
      method: 'POST',
      url: base,
      payload: { key: 'dutch', name: 'Again', conditions: [] },
    });
    expect(duplicate.statusCode).toBe(409);
    const badOperator = await call(t.app, owner, {
      method: 'POST',
      url: base,
      payload: { key: 'odd', name: 'Odd', conditions: [{ attribute: 'a', operator: 'like', values: [] }] },
    });
    expect(badOperator.statusCode).toBe(400);
    expect(badOperator.json().error.details[0].path).toBe('conditions.0.operator');

    const edited = await call(t.app, owner, {
      method: 'PATCH',
      url: `${base}/dutch`,
      payload: { name: 'Netherlands', conditions: [{ ...dutch, operator: 'in', values: ['NL', 'BE'] }] },
    });
    expect(edited.json()).toMatchObject({
      name: 'Netherlands',
      conditions: [{ operator: 'in', values: ['NL', 'BE'] }],
    });
    expect((await call(t.app, owner, { url: base })).json().segments).toHaveLength(1);

    const flags = `/api/v1/projects/${project.id}/flags`;
    await call(t.app, owner, { method: 'POST', url: flags, payload: { key: 'promo', name: 'Promo', type: 'boolean' } });
    await call(t.app, owner, {
      method: 'PUT',
      url: `${flags}/promo/environments/development`,
      payload: { rules: [{ id: 'benelux', segments: ['dutch'], serve: { kind: 'variant', variant: 'on' } }] },
    });
    const refused = await call(t.app, owner, { method: 'DELETE', url: `${base}/dutch` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual([
      { kind: 'flag', key: 'promo', environment: 'development', rule: 'benelux' },
    ]);

    await call(t.app, owner, { method: 'PUT', url: `${flags}/promo/environments/development`, payload: { rules: [] } });
    expect((await call(t.app, owner, { method: 'DELETE', url: `${base}/dutch` })).statusCode).toBe(204);
    expect((await call(t.app, owner, { url: `${base}/dutch` })).statusCode).toBe(404);

    const audit = await call(t.app, owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=segment` });
    expect(audit.json().entries.map((entry: { action: string }) => entry.action)).toEqual([
      'segment.deleted',
      'segment.updated',
      'segment.created',
    ]);
    expect(audit.json().entries[1]).toMatchObject({ before: { name: 'Dutch' }, after: { name: 'Netherlands' } });
  });

  it('takes secret keys, shows in the payload, and keeps out viewers and strangers', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const base = `/api/v1/projects/${project.id}/segments`;
    const secret = await createKey(t.app, owner, project.id, 'secret');
    const client = await createKey(t.app, owner, project.id, 'client');
    const created = await asKey(t.app, secret.key, {
      method: 'POST',
      url: base,
      payload: {
        key: 'beta-users',
        name: 'Beta users',
        conditions: [{ attribute: 'beta', operator: 'exists', values: [] }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await fetchPayload(t.app, client.key)).json().segments).toEqual([
      { key: 'beta-users', conditions: [{ attribute: 'beta', operator: 'exists', values: [] }] },
    ]);
    const audit = await call(t.app, owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=segment` });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'segment.created',
      actor: { kind: 'api_key', id: secret.id },
    });

    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await call(t.app, viewer, { url: base })).statusCode).toBe(200);
    const write = await call(t.app, viewer, {
      method: 'PATCH',
      url: `${base}/beta-users`,
      payload: { name: 'Nope' },
    });
    expect(write.statusCode).toBe(403);
    const stranger = await signUp(t.app, 'stranger');
    expect((await call(t.app, stranger, { url: `${base}/beta-users` })).statusCode).toBe(404);
    const other = await createProject(t.app, owner, 'Other');
    expect((await call(t.app, owner, { url: `/api/v1/projects/${other.id}/segments/beta-users` })).statusCode).toBe(
      404,
    );
  });
});
