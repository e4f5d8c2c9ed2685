import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { acceptInvitation, addMember, call, invite, signUp, uniqueEmail } from '../../../test/client';
import { invitation as invitationTable } from '../../db/schema';

describe('invitations', () => {
  const t = useTestApp();

  it('invites by link, previews it publicly and signs the new member in once', async () => {
    const owner = await signUp(t.app);
    const { invitation, token } = await invite(t.app, owner, 'editor');
    expect(invitation.url).toBe(`http://tabula.test/invite/${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(invitation.createdBy).toEqual({ id: owner.me.user.id, email: owner.me.user.email, name: 'owner name' });

    const pending = await call(t.app, owner, { url: '/api/v1/invitations' });
    expect(pending.json().invitations.map((i: { id: string }) => i.id)).toContain(invitation.id);

    const preview = await t.app.inject({ url: `/api/v1/auth/invitations/${token}` });
    expect(preview.json()).toEqual({
      organization: { name: 'owner org' },
      role: 'editor',
      email: null,
      expiresAt: invitation.expiresAt,
    });

    const accepted = await acceptInvitation(t.app, token);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ role: 'editor', organization: { id: owner.me.organization.id } });
    expect(accepted.cookies.length).toBe(1);

    expect((await acceptInvitation(t.app, token)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/auth/invitations/${token}` })).statusCode).toBe(404);
    const after = await call(t.app, owner, { url: '/api/v1/invitations' });
    expect(after.json().invitations.map((i: { id: string }) => i.id)).not.toContain(invitation.id);
  });

  it('holds an invitation for a named email to that email', async () => {
    const owner = await signUp(t.app);
    const email = uniqueEmail('named');
    const { token } = await invite(t.app, owner, 'viewer', email);
    const other = await acceptInvitation(t.app, token, uniqueEmail('other'));
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatchObject({ code: 'validation_failed', details: [{ path: 'email' }] });
    expect((await acceptInvitation(t.app, token, email.toUpperCase())).statusCode).toBe(201);
  });

  it('refuses an email that already has an account, and leaves the link usable', async () => {
    const owner = await signUp(t.app);
    const { token } = await invite(t.app, owner, 'viewer');
    const taken = await acceptInvitation(t.app, token, owner.me.user.email);
    expect(taken.statusCode).toBe(409);
    expect((await t.app.inject({ url: `/api/v1/auth/invitations/${token}` })).statusCode).toBe(200);
    const named = await call(t.app, owner, {
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { role: 'viewer', email: owner.me.user.email },
    });
    expect(named.statusCode).toBe(409);
  });

  it('stops working once expired or revoked', async () => {
    const owner = await signUp(t.app);
    const expired = await invite(t.app, owner, 'viewer');
    await t.database.db
      .update(invitationTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitationTable.id, expired.invitation.id));
    expect((await t.app.inject({ url: `/api/v1/auth/invitations/${expired.token}` })).statusCode).toBe(404);
    expect((await acceptInvitation(t.app, expired.token)).statusCode).toBe(404);

    const revoked = await invite(t.app, owner, 'viewer');
    const revoke = { method: 'DELETE' as const, url: `/api/v1/invitations/${revoked.invitation.id}` };
    expect((await call(t.app, owner, revoke)).statusCode).toBe(204);
    expect((await acceptInvitation(t.app, revoked.token)).statusCode).toBe(404);
    expect((await call(t.app, owner, revoke)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/auth/invitations/not-a-token' })).statusCode).toBe(404);
  });

  it('lets only an owner invite an owner, and only admins invite at all', async () => {
    const owner = await signUp(t.app);
    const admin = await addMember(t.app, owner, 'admin');
    const editor = await addMember(t.app, owner, 'editor');
    const inviteOwner = { method: 'POST' as const, url: '/api/v1/invitations', payload: { role: 'owner' } };
    const byAdmin = await call(t.app, admin, inviteOwner);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.message).toBe('Only an owner can invite an owner');
    expect((await call(t.app, owner, inviteOwner)).statusCode).toBe(201);
    const byEditor = await call(t.app, editor, { ...inviteOwner, payload: { role: 'viewer' } });
    expect(byEditor.statusCode).toBe(403);
    expect((await call(t.app, editor, { url: '/api/v1/invitations' })).statusCode).toBe(403);
  });

  it('keeps invitations inside their organization', async () => {
    const alice = await signUp(t.app, 'alice');
    const bob = await signUp(t.app, 'bob');
    const { invitation } = await invite(t.app, alice, 'viewer');
    const list = await call(t.app, bob, { url: '/api/v1/invitations' });
    expect(list.json().invitations).toEqual([]);
    const revoke = await call(t.app, bob, { method: 'DELETE', url: `/api/v1/invitations/${invitation.id}` });
    expect(revoke.statusCode).toBe(404);
  });
});
