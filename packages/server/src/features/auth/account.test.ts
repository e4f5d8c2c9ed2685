import {
  type MfaChallenge,
  PASSWORD_IS_COMMON,
  PASSWORD_IS_EMAIL,
  type RecoveryCodes,
  type SessionInfo,
} from '@tabula/protocol';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app';
import {
  acceptInvitation,
  addMember,
  call,
  invite,
  PASSWORD,
  type Session,
  sessionFrom,
  signUp,
  uniqueEmail,
} from '../../../test/client';
import { LOGIN_THROTTLE } from './login-throttle';
import { totpCodeAt } from './totp';

const NEW_PASSWORD = 'a new and longer passphrase';

describe('account security', () => {
  const t = useTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });

  const login = (email: string, password: string, from = '127.0.0.1', userAgent = 'Test browser') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: from,
      headers: { 'user-agent': userAgent },
      payload: { email, password },
    });
  const as = (session: Session, options: InjectOptions) => call(t.app, session, options);
  const auditActions = async (owner: Session) =>
    ((await as(owner, { url: '/api/v1/audit?limit=100' })).json().entries as { action: string }[]).map(
      (entry) => entry.action,
    );

  describe('signing in', () => {
    it('makes an account wait after repeated failures, then takes the right password', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const owner = await signUp(t.app);
      const { email } = owner.me.user;
      for (let attempt = 0; attempt < LOGIN_THROTTLE.freeFailures + 1; attempt += 1) {
        expect((await login(email, 'not the password')).statusCode).toBe(401);
      }
      // Even the right password waits out the back-off, from any address: the account is what is guarded.
      const waiting = await login(email, PASSWORD, '198.51.100.4');
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('1');
      expect(waiting.json()).toMatchObject({ error: { code: 'rate_limited' } });
      // Another account from the same address is not held up.
      expect((await login(uniqueEmail('other'), 'guess')).statusCode).toBe(401);
      vi.setSystemTime(Date.now() + 1000);
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
      expect(await auditActions(owner)).toEqual(expect.arrayContaining(['user.signed_in', 'user.sign_in_failed']));
    });

    it('stops one address spraying passwords over many accounts', async () => {
      const sprayer = '203.0.113.50';
      for (let attempt = 0; attempt < LOGIN_THROTTLE.addressFailures; attempt += 1) {
        expect((await login(uniqueEmail('sprayed'), 'Summer2026!', sprayer)).statusCode).toBe(401);
      }
      const owner = await signUp(t.app);
      expect((await login(owner.me.user.email, PASSWORD, sprayer)).statusCode).toBe(429);
      expect((await login(owner.me.user.email, PASSWORD, '203.0.113.51')).statusCode).toBe(200);
    });
  });

  describe('passwords', () => {
    it('refuses short ones, the email itself and common ones, on every form that sets one', async () => {
      const email = uniqueEmail('policy');
      const signup = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: { email, password, name: 'Policy', organizationName: 'Policy org' },
        });
      const short = await signup('elevenchars');
      expect(short.statusCode).toBe(400);
      expect(short.json().error.details).toEqual([
        { path: 'password', message: 'Please input valid password: at least 12 characters' },
      ]);
      expect((await signup(email)).json().error.details).toEqual([{ path: 'password', message: PASSWORD_IS_EMAIL }]);
      expect((await signup('1qaz2wsx3edc')).json().error.details).toEqual([
        { path: 'password', message: PASSWORD_IS_COMMON },
      ]);

      const owner = await signUp(t.app);
      const { token } = await invite(t.app, owner, 'viewer');
      const accepted = await t.app.inject({
        method: 'POST',
        url: `/api/v1/auth/invitations/${token}/accept`,
        payload: { email: uniqueEmail('invited'), password: 'qwerty123456', name: 'Invited' },
      });
      expect(accepted.json().error.details).toEqual([{ path: 'password', message: PASSWORD_IS_COMMON }]);
      const changed = await as(owner, {
        method: 'PUT',
        url: '/api/v1/auth/password',
        payload: { currentPassword: PASSWORD, newPassword: owner.me.user.email.toUpperCase() },
      });
      expect(changed.json().error.details).toEqual([{ path: 'newPassword', message: PASSWORD_IS_EMAIL }]);
    });

    it('changes with the current one, and signs the other browsers out', async () => {
      const owner = await signUp(t.app);
      const { email } = owner.me.user;
      const elsewhere = sessionFrom(await login(email, PASSWORD));
      const wrong = await as(owner, {
        method: 'PUT',
        url: '/api/v1/auth/password',
        payload: { currentPassword: 'not it at all', newPassword: NEW_PASSWORD },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.details).toEqual([{ path: 'currentPassword', message: 'The password is not right' }]);
      const changed = await as(owner, {
        method: 'PUT',
        url: '/api/v1/auth/password',
        payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(changed.statusCode).toBe(204);
      expect((await as(owner, { url: '/api/v1/auth/me' })).statusCode).toBe(200);
      expect((await as(elsewhere, { url: '/api/v1/auth/me' })).statusCode).toBe(401);
      expect((await login(email, PASSWORD)).statusCode).toBe(401);
      expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
      expect(await auditActions(owner)).toContain('user.password_changed');
    });

    it('resets by a link an admin hands over, once, never an owner by an admin', async () => {
      const owner = await signUp(t.app);
      const admin = await addMember(t.app, owner, 'admin');
      const editor = await addMember(t.app, owner, 'editor');
      const issue = (by: Session, userId: string) =>
        as(by, { method: 'POST', url: `/api/v1/members/${userId}/password-reset` });
      expect((await issue(admin, owner.me.user.id)).statusCode).toBe(403);
      expect((await issue(editor, admin.me.user.id)).statusCode).toBe(403);
      expect((await issue(admin, admin.me.user.id)).statusCode).toBe(403);
      const issued = await issue(admin, editor.me.user.id);
      expect(issued.statusCode, issued.body).toBe(201);
      const { url } = issued.json() as { url: string };
      expect(url).toMatch(/^http:\/\/tabula\.test\/reset-password\/[\w-]{40,}$/);
      const token = url.split('/reset-password/')[1]!;

      const preview = await t.app.inject({ url: `/api/v1/auth/password-resets/${token}` });
      expect(preview.json()).toMatchObject({ email: editor.me.user.email });
      const complete = (password: string) =>
        t.app.inject({ method: 'POST', url: `/api/v1/auth/password-resets/${token}`, payload: { password } });
      expect((await complete('password1234')).json().error.details).toEqual([
        { path: 'password', message: PASSWORD_IS_COMMON },
      ]);
      const done = await complete(NEW_PASSWORD);
      expect(done.statusCode, done.body).toBe(200);
      const signedIn = sessionFrom(done);
      expect((await as(signedIn, { url: '/api/v1/auth/me' })).json().user.email).toBe(editor.me.user.email);
      // The member's old browsers are signed out, and the link is spent.
      expect((await as(editor, { url: '/api/v1/auth/me' })).statusCode).toBe(401);
      expect((await complete('yet another passphrase')).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/v1/auth/password-resets/${token}` })).statusCode).toBe(404);
      expect(await auditActions(owner)).toEqual(
        expect.arrayContaining(['member.password_reset_issued', 'user.password_reset']),
      );
    });
  });

  describe('sessions', () => {
    it('lists the browsers signed in, signs one out, and signs out everywhere', async () => {
      const owner = await signUp(t.app);
      const { email } = owner.me.user;
      const phone = sessionFrom(await login(email, PASSWORD, '198.51.100.23', 'Phone browser'));
      const laptop = sessionFrom(await login(email, PASSWORD, '198.51.100.24', 'Laptop browser'));
      const sessions = (await as(laptop, { url: '/api/v1/auth/sessions' })).json() as SessionInfo[];
      expect(sessions).toHaveLength(3);
      expect(sessions.find((session) => session.current)).toMatchObject({
        userAgent: 'Laptop browser',
        ip: '198.51.100.24',
      });
      const phoneSession = sessions.find((session) => session.userAgent === 'Phone browser')!;
      const ended = await as(laptop, { method: 'DELETE', url: `/api/v1/auth/sessions/${phoneSession.id}` });
      expect(ended.statusCode).toBe(204);
      expect((await as(phone, { url: '/api/v1/auth/me' })).statusCode).toBe(401);
      // Another user's session is not yours to end.
      const stranger = await signUp(t.app);
      const ownerSessions = (await as(owner, { url: '/api/v1/auth/sessions' })).json() as SessionInfo[];
      const foreign = await as(stranger, { method: 'DELETE', url: `/api/v1/auth/sessions/${ownerSessions[0]!.id}` });
      expect(foreign.statusCode).toBe(404);

      const everywhere = await as(laptop, { method: 'DELETE', url: '/api/v1/auth/sessions' });
      expect(everywhere.statusCode).toBe(204);
      expect(everywhere.headers['set-cookie']).toBeDefined();
      for (const session of [laptop, owner]) {
        expect((await as(session, { url: '/api/v1/auth/me' })).statusCode).toBe(401);
      }
    });
  });

  describe('two-factor authentication', () => {
    async function enrol(session: Session) {
      const setup = await as(session, { method: 'POST', url: '/api/v1/auth/mfa/setup' });
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Tabula:.+\?.*secret=/);
      const wrong = await as(session, { method: 'POST', url: '/api/v1/auth/mfa/enable', payload: { code: '000000' } });
      expect(wrong.statusCode).toBe(400);
      const now = Date.now() / 1000;
      const enabled = await as(session, {
        method: 'POST',
        url: '/api/v1/auth/mfa/enable',
        payload: { code: await totpCodeAt(secret, now) },
      });
      expect(enabled.statusCode, enabled.body).toBe(200);
      const { recoveryCodes } = enabled.json() as RecoveryCodes;
      return { secret, recoveryCodes, enabledAt: now };
    }

    const secondStep = (challenge: string, code: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login/mfa', payload: { challenge, code } });

    it('asks for a code after the password; each code and recovery code signs in once', async () => {
      const owner = await signUp(t.app);
      const { email } = owner.me.user;
      const { secret, recoveryCodes, enabledAt } = await enrol(owner);
      expect(recoveryCodes).toHaveLength(10);
      expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

      const first = await login(email, PASSWORD);
      expect(first.statusCode).toBe(202);
      expect(first.headers['set-cookie']).toBeUndefined();
      const { challenge } = first.json() as MfaChallenge;
      expect((await secondStep(challenge, '123456')).statusCode).toBe(401);
      // The code the enrolment used is spent; the next period's is good.
      expect((await secondStep(challenge, await totpCodeAt(secret, enabledAt))).statusCode).toBe(401);
      const next = await totpCodeAt(secret, enabledAt + 30);
      const signedIn = await secondStep(challenge, next);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(sessionFrom(signedIn).me.user.mfaEnabled).toBe(true);
      // A code is good once.
      const again = (await login(email, PASSWORD)).json() as MfaChallenge;
      expect((await secondStep(again.challenge, next)).statusCode).toBe(401);
      expect((await secondStep(again.challenge, recoveryCodes[0]!.toUpperCase())).statusCode).toBe(200);
      const third = (await login(email, PASSWORD)).json() as MfaChallenge;
      expect((await secondStep(third.challenge, recoveryCodes[0]!)).statusCode).toBe(401);
      expect(await auditActions(owner)).toEqual(expect.arrayContaining(['user.mfa_enabled', 'user.sign_in_failed']));
    });

    it('gives up a challenge after five wrong codes, and refuses a forged one', async () => {
      const owner = await signUp(t.app);
      await enrol(owner);
      const { challenge } = (await login(owner.me.user.email, PASSWORD)).json() as MfaChallenge;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await secondStep(challenge, '000000')).statusCode).toBe(401);
      }
      const spent = await secondStep(challenge, '111111');
      expect(spent.json().error.message).toMatch(/expired/);
      const forged = `${owner.me.user.id}.${Date.now() + 60_000}.nonce.signature`;
      expect((await secondStep(forged, '000000')).json().error.message).toMatch(/expired/);
    });

    it('turns off with the password unless the organization requires it, which sends the others to set it up', async () => {
      const owner = await signUp(t.app);
      const editor = await addMember(t.app, owner, 'editor');
      await enrol(owner);
      const projects = (session: Session) => as(session, { url: '/api/v1/projects' });

      const required = await as(owner, { method: 'PATCH', url: '/api/v1/organization', payload: { requireMfa: true } });
      expect(required.json()).toMatchObject({ requireMfa: true });
      expect(
        (await as(editor, { method: 'PATCH', url: '/api/v1/organization', payload: { requireMfa: false } })).statusCode,
      ).toBe(403);
      const blocked = await projects(editor);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe('mfa_required');
      const me = await as(editor, { url: '/api/v1/auth/me' });
      expect(me.json()).toMatchObject({
        user: { mfaEnabled: false },
        organization: { requireMfa: true },
        mfaSetupRequired: true,
      });
      // A sign-in says so at once, so the console goes straight to setting it up.
      expect((await login(editor.me.user.email, PASSWORD)).json()).toMatchObject({ mfaSetupRequired: true });
      await enrol(editor);
      expect((await projects(editor)).statusCode).toBe(200);
      expect((await as(editor, { url: '/api/v1/auth/me' })).json()).toMatchObject({ mfaSetupRequired: false });

      const off = (session: Session, password: string) =>
        as(session, { method: 'DELETE', url: '/api/v1/auth/mfa', payload: { password } });
      expect((await off(owner, PASSWORD)).statusCode).toBe(403);
      await as(owner, { method: 'PATCH', url: '/api/v1/organization', payload: { requireMfa: false } });
      expect((await off(owner, 'not the password')).statusCode).toBe(400);
      expect((await off(owner, PASSWORD)).statusCode).toBe(204);
      expect((await login(owner.me.user.email, PASSWORD)).statusCode).toBe(200);
    });

    it('renews the recovery codes for a code, voiding the old ones', async () => {
      const owner = await signUp(t.app);
      const { secret, recoveryCodes, enabledAt } = await enrol(owner);
      const renewed = await as(owner, {
        method: 'POST',
        url: '/api/v1/auth/mfa/recovery-codes',
        payload: { code: await totpCodeAt(secret, enabledAt + 30) },
      });
      expect(renewed.statusCode, renewed.body).toBe(200);
      const { challenge } = (await login(owner.me.user.email, PASSWORD)).json() as MfaChallenge;
      expect((await secondStep(challenge, recoveryCodes[1]!)).statusCode).toBe(401);
      expect((await secondStep(challenge, (renewed.json() as RecoveryCodes).recoveryCodes[1]!)).statusCode).toBe(200);
    });
  });
});

describe('limits on account links and sign-ups', () => {
  it('refuses an address that opens accounts or uses links past the hourly limit', async () => {
    const t = await createTestApp({ accountRequestsPerHour: 2 });
    try {
      const signup = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: { email: uniqueEmail(), password: PASSWORD, name: 'N', organizationName: 'O' },
        });
      expect((await signup()).statusCode).toBe(201);
      const owner = sessionFrom(await signup());
      const limited = await signup();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      const { token } = await invite(t.app, owner, 'viewer');
      for (let attempt = 0; attempt < 2; attempt += 1) await acceptInvitation(t.app, 'not-a-token');
      expect((await acceptInvitation(t.app, token)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
