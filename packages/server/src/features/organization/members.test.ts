import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call, type Session, signUp } from '../../../test/client';

describe('members', () => {
  const t = useTestApp();
  const patch = (by: Session, target: Session, role: string) =>
    call(t.app, by, { method: 'PATCH', url: `/api/v1/members/${target.me.user.id}`, payload: { role } });
  const remove = (by: Session, target: Session) =>
    call(t.app, by, { method: 'DELETE', url: `/api/v1/members/${target.me.user.id}` });

  it('lists the organization’s members to every role', async () => {
    const owner = await signUp(t.app);
    const viewer = await addMember(t.app, owner, 'viewer');
    const response = await call(t.app, viewer, { url: '/api/v1/members' });
    expect(response.statusCode).toBe(200);
    const members = response.json().members;
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'viewer']);
    expect(members[0].user).toEqual({ id: owner.me.user.id, email: owner.me.user.email, name: 'owner name' });
  });

  it('lets an admin change roles below owner, and records it', async () => {
    const owner = await signUp(t.app);
    const admin = await addMember(t.app, owner, 'admin');
    const editor = await addMember(t.app, owner, 'editor');
    const changed = await patch(admin, editor, 'viewer');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'viewer', user: { id: editor.me.user.id } });
    // The change applies to the member's live session at once.
    expect((await call(t.app, editor, { url: '/api/v1/auth/me' })).json().role).toBe('viewer');
    const audit = await call(t.app, owner, { url: '/api/v1/audit?entityType=member' });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'member.role_changed',
      entityId: editor.me.user.id,
      actor: { kind: 'user', id: admin.me.user.id },
      before: { role: 'editor' },
      after: { role: 'viewer' },
    });
  });

  it('keeps the owner role in owners’ hands', async () => {
    const owner = await signUp(t.app);
    const admin = await addMember(t.app, owner, 'admin');
    const editor = await addMember(t.app, owner, 'editor');
    expect((await patch(admin, editor, 'owner')).statusCode).toBe(403);
    expect((await patch(admin, owner, 'viewer')).statusCode).toBe(403);
    expect((await remove(admin, owner)).statusCode).toBe(403);
    expect((await patch(owner, admin, 'owner')).statusCode).toBe(200);
  });

  it('lets nobody edit their own role', async () => {
    const owner = await signUp(t.app);
    const admin = await addMember(t.app, owner, 'admin');
    for (const session of [owner, admin]) {
      const response = await patch(session, session, 'viewer');
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('You cannot change your own role');
    }
  });

  it('never leaves an organization without an owner', async () => {
    const owner = await signUp(t.app);
    const selfRemoval = await remove(owner, owner);
    expect(selfRemoval.statusCode).toBe(409);
    expect(selfRemoval.json().error.code).toBe('conflict');

    const second = await addMember(t.app, owner, 'owner');
    expect((await patch(second, owner, 'admin')).statusCode).toBe(200);
    // `owner` is an admin now; `second` is the only owner left.
    expect((await remove(second, second)).statusCode).toBe(409);
    expect((await patch(owner, second, 'viewer')).statusCode).toBe(403);
  });

  it('removes a member with their sessions, and only admins may', async () => {
    const owner = await signUp(t.app);
    const editor = await addMember(t.app, owner, 'editor');
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await remove(editor, viewer)).statusCode).toBe(403);
    expect((await patch(editor, viewer, 'editor')).statusCode).toBe(403);
    expect((await remove(owner, viewer)).statusCode).toBe(204);
    expect((await call(t.app, viewer, { url: '/api/v1/auth/me' })).statusCode).toBe(401);
    expect((await remove(owner, viewer)).statusCode).toBe(404);
    const members = (await call(t.app, owner, { url: '/api/v1/members' })).json().members;
    expect(members.map((m: { user: { id: string } }) => m.user.id)).not.toContain(viewer.me.user.id);
  });

  it('does not reach into another organization', async () => {
    const alice = await signUp(t.app, 'alice');
    const bob = await signUp(t.app, 'bob');
    const bobsEditor = await addMember(t.app, bob, 'editor');
    expect((await patch(alice, bobsEditor, 'viewer')).statusCode).toBe(404);
    expect((await remove(alice, bobsEditor)).statusCode).toBe(404);
    const members = (await call(t.app, alice, { url: '/api/v1/members' })).json().members;
    expect(members).toHaveLength(1);
  });
});
