import { createHash } from 'node:crypto';
import { SESSION_COOKIE } from '@tabula/protocol';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { call, PASSWORD, sessionFrom, signUp, uniqueEmail } from '../../../test/client';
import { session as sessionTable } from '../../db/schema';

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: PASSWORD,
  name: 'Ada',
  organizationName: 'Analytical Engines',
  ...overrides,
});

describe('sign-up on a fresh instance (TABULA_OPEN_SIGNUP unset)', () => {
  const t = useTestApp({ openSignup: false });

  it('is open until the first user exists, then closed', async () => {
    const before = await t.app.inject({ url: '/api/v1/auth/setup' });
    expect(before.json()).toEqual({ signupOpen: true, sso: { enabled: false, label: '' } });

    const first = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody() });
    expect(first.statusCode).toBe(201);
    expect(first.json().role).toBe('owner');

    const after = await t.app.inject({ url: '/api/v1/auth/setup' });
    expect(after.json().signupOpen).toBe(false);
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody() });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      error: { code: 'forbidden', message: 'Sign-up is closed: ask an admin for an invitation link' },
    });
  });
});

describe('auth', () => {
  const t = useTestApp();

  it('signs up: organization, owner, session cookie and CSRF token', async () => {
    const email = uniqueEmail('ada');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupBody({ email: `  ${email.toUpperCase()} ` }),
    });
    expect(response.statusCode).toBe(201);
    const me = response.json();
    expect(me).toMatchObject({
      user: { email, name: 'Ada' },
      organization: { name: 'Analytical Engines' },
      role: 'owner',
    });
    expect(me.csrfToken).toEqual(expect.any(String));
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeUndefined();
    // Only the token's hash is stored.
    const hash = createHash('sha256').update(cookie.value).digest('hex');
    const rows = await t.database.db.select().from(sessionTable).where(eq(sessionTable.tokenHash, hash));
    expect(rows).toHaveLength(1);
  });

  it('refuses a second account with the same email', async () => {
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ email }) });
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ email }) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
  });

  it('signs in, answers /me, and signs out for good', async () => {
    const owner = await signUp(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.me.user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const session = sessionFrom(login);
    expect(session.me.user.id).toBe(owner.me.user.id);

    const me = await call(t.app, session, { url: '/api/v1/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(session.me);

    const logout = await call(t.app, session, { method: 'POST', url: '/api/v1/auth/logout' });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    const replay = await call(t.app, session, { url: '/api/v1/auth/me' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('unauthorized');
    // The other session of the same user is untouched.
    expect((await call(t.app, owner, { url: '/api/v1/auth/me' })).statusCode).toBe(200);
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    const owner = await signUp(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.me.user.email, password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: uniqueEmail('nobody'), password: PASSWORD },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Email or password is incorrect' } });
    }
  });

  it('needs a session for /me', async () => {
    const response = await t.app.inject({ url: '/api/v1/auth/me' });
    expect(response.statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/v1/auth/me', cookies: { [SESSION_COOKIE]: 'forged' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('behind https', () => {
  const t = useTestApp({ publicUrl: 'https://tabula.example.com', secureCookies: true });

  it('marks the session cookie Secure', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody() });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });
});
