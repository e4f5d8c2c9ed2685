import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { asKey, call, createKey, createProject, type Session, signUp } from '../../../test/client';

describe('audit log', () => {
  const t = useTestApp();
  const audit = (session: Session, query = '') => call(t.app, session, { url: `/api/v1/audit${query}` });

  it('lists the organization’s changes newest first, page by page', async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    await call(t.app, owner, { method: 'PATCH', url: `/api/v1/projects/${project.id}`, payload: { name: 'Renamed' } });
    await createKey(t.app, owner, project.id);

    const all = (await audit(owner)).json();
    expect(all.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'api_key.created',
      'project.updated',
      'project.created',
      'organization.created',
    ]);
    expect(all.entries[1]).toMatchObject({
      actor: { kind: 'user', id: owner.me.user.id, name: 'owner name' },
      entityType: 'project',
      entityId: project.id,
      projectId: project.id,
      before: { name: 'Web shop' },
      after: { name: 'Renamed' },
    });
    expect(all.nextCursor).toBeNull();

    const first = (await audit(owner, '?limit=3')).json();
    expect(first.entries).toHaveLength(3);
    const second = (await audit(owner, `?limit=3&before=${first.nextCursor}`)).json();
    expect(second.entries.map((entry: { action: string }) => entry.action)).toEqual(['organization.created']);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by project, entity type and actor', async () => {
    const owner = await signUp(t.app);
    const one = await createProject(t.app, owner, 'One');
    await createProject(t.app, owner, 'Two');
    const byProject = (await audit(owner, `?projectId=${one.id}`)).json().entries;
    expect(byProject.map((entry: { entityId: string }) => entry.entityId)).toEqual([one.id]);
    const byType = (await audit(owner, '?entityType=organization')).json().entries;
    expect(byType).toHaveLength(1);
    const byActor = (await audit(owner, `?actorId=${owner.me.user.id}`)).json().entries;
    expect(byActor).toHaveLength(3);
    expect((await audit(owner, '?before=abc')).statusCode).toBe(400);
  });

  it("narrows to one entity's history, and refuses an id that cannot be one", async () => {
    const owner = await signUp(t.app);
    const project = await createProject(t.app, owner);
    const flags = `/api/v1/projects/${project.id}/flags`;
    const create = (key: string) =>
      call(t.app, owner, { method: 'POST', url: flags, payload: { key, name: key, type: 'boolean' } });
    const checkout = (await create('checkout')).json();
    await create('search');
    await call(t.app, owner, {
      method: 'PUT',
      url: `${flags}/checkout/environments/production`,
      payload: { enabled: true },
    });

    const history = (await audit(owner, `?projectId=${project.id}&entityType=flag&entityId=${checkout.id}`)).json();
    expect(history.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'flag.environment_updated',
      'flag.created',
    ]);
    expect(new Set(history.entries.map((entry: { entityId: string }) => entry.entityId))).toEqual(
      new Set([checkout.id]),
    );
    const bad = await audit(owner, '?entityId=not%20an%20id');
    expect(bad.statusCode).toBe(400);
  });

  it('shows nothing of another organization, and a key only its project', async () => {
    const alice = await signUp(t.app, 'alice');
    const bob = await signUp(t.app, 'bob');
    const project = await createProject(t.app, alice);
    const other = await createProject(t.app, alice, 'Other');
    const bobs = (await audit(bob)).json().entries;
    expect(bobs.map((entry: { action: string }) => entry.action)).toEqual(['organization.created']);
    expect((await audit(bob, `?projectId=${project.id}`)).json().entries).toEqual([]);

    const { key } = await createKey(t.app, alice, project.id);
    const seen = (await asKey(t.app, key, { url: '/api/v1/audit' })).json().entries;
    expect(new Set(seen.map((entry: { projectId: string }) => entry.projectId))).toEqual(new Set([project.id]));
    const elsewhere = await asKey(t.app, key, { url: `/api/v1/audit?projectId=${other.id}` });
    expect(elsewhere.json().entries).toEqual([]);
  });
});
