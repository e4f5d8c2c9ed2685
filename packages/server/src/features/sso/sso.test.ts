import type { Me } from '@tabula/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { call, PASSWORD, type Session, sessionCookie } from '../../../test/client';
import {
  followToRedirectUri,
  startTestIdentityProvider,
  type TestAccount,
  type TestIdentityProvider,
} from '../../../test/identity-provider';

const PUBLIC_URL = 'http://tabula.test';
const CALLBACK = `${PUBLIC_URL}/auth/callback`;
const CLIENT = { clientId: 'tabula-console', clientSecret: 'a-client-secret-of-some-length', redirectUri: CALLBACK };

const flowCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((candidate) => candidate.name === 'tabula_sso');
  if (!cookie) throw new Error(`no flow cookie in ${response.statusCode}`);
  return `tabula_sso=${cookie.value}`;
};

/** The browser's round trip: start at Tabula, sign in at the provider, come back with a code for the exchange. */
async function roundTrip(app: FastifyInstance) {
  const start = await app.inject({ method: 'GET', url: '/api/v1/auth/sso/start' });
  expect(start.statusCode, start.body).toBe(302);
  const back = await followToRedirectUri(String(start.headers.location), CALLBACK);
  const body = Object.fromEntries(['code', 'state', 'iss'].map((name) => [name, back.searchParams.get(name) ?? '']));
  return { cookie: flowCookie(start), body };
}

const exchange = (app: FastifyInstance, cookie: string | null, body: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/auth0token',
    headers: cookie ? { cookie } : {},
    payload: body,
  });

/** The exchange answers `{ token, me }`, not a bare `Me` like password sign-in. */
function ssoSession(response: LightMyRequestResponse): Session {
  const { me } = response.json() as { me: Me };
  return { cookie: sessionCookie(response), csrfToken: me.csrfToken, me };
}

async function signInAs(app: FastifyInstance, idp: TestIdentityProvider, account: TestAccount) {
  idp.signInAs(account);
  const { cookie, body } = await roundTrip(app);
  return exchange(app, cookie, body);
}

const account = (subject: string, overrides: Partial<TestAccount> = {}): TestAccount => ({
  subject,
  email: `${subject}@example.com`,
  emailVerified: true,
  name: `${subject[0]!.toUpperCase()}${subject.slice(1)}`,
  ...overrides,
});

describe('single sign-on (OIDC, spec §7 auth/auth0token)', () => {
  let idp: TestIdentityProvider;
  let test: TestApp;

  beforeAll(async () => {
    idp = await startTestIdentityProvider(CLIENT);
    test = await createTestApp({
      publicUrl: PUBLIC_URL,
      openSignup: false,
      oidc: { issuer: idp.issuer, clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret, label: 'Acme SSO' },
    });
  });
  afterAll(async () => {
    await test?.close();
    await idp?.close();
  });

  it('offers the sign-in button with its label', async () => {
    const setup = await test.app.inject({ method: 'GET', url: '/api/v1/auth/setup' });
    expect(setup.json()).toMatchObject({ sso: { enabled: true, label: 'Acme SSO' } });
  });

  it('sends the browser to the provider with PKCE, state and nonce, keeping them in a signed HttpOnly cookie', async () => {
    const start = await test.app.inject({ method: 'GET', url: '/api/v1/auth/sso/start' });
    const location = new URL(String(start.headers.location));
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(name)).toBeTruthy();
    const cookie = start.cookies.find((candidate) => candidate.name === 'tabula_sso');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
  });

  it('makes the first person on an empty instance the owner, and answers with a non-empty token', async () => {
    const response = await signInAs(test.app, idp, account('alice'));
    expect(response.statusCode, response.body).toBe(200);
    const { token, me } = response.json() as { token: string; me: Me };
    expect(token).toBe(me.csrfToken);
    expect(token.length).toBeGreaterThan(10);
    expect(me).toMatchObject({ role: 'owner', user: { email: 'alice@example.com', name: 'Alice' } });
    expect(me.organization.name).toBe('example.com');

    const again = await call(test.app, ssoSession(response), { method: 'GET', url: '/api/v1/auth/me' });
    expect(again.json()).toMatchObject({ user: { email: 'alice@example.com' } });
  });

  it('lets newcomers in as viewers of the same organization, audited', async () => {
    const first = (await signInAs(test.app, idp, account('alice'))).json() as { me: Me };
    const response = await signInAs(test.app, idp, account('bob'));
    expect(response.statusCode, response.body).toBe(200);
    const { me } = response.json() as { me: Me };
    expect(me.role).toBe('viewer');
    expect(me.organization.id).toBe(first.me.organization.id);

    const owner = ssoSession(await signInAs(test.app, idp, account('alice')));
    const audit = await call(test.app, owner, { method: 'GET', url: '/api/v1/audit?entityType=member' });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'member.joined',
      entityId: me.user.id,
      after: { via: 'single sign-on', role: 'viewer' },
    });
  });

  it('recognises a returning person by subject, even after their email changed at the provider', async () => {
    const before = (await signInAs(test.app, idp, account('carol'))).json() as { me: Me };
    const after = await signInAs(test.app, idp, account('carol', { email: 'carol.new@example.com' }));
    expect((after.json() as { me: Me }).me.user.id).toBe(before.me.user.id);
  });

  it('links an existing password account only when the provider verified the email', async () => {
    const owner = ssoSession(await signInAs(test.app, idp, account('alice')));
    const invited = await call(test.app, owner, {
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { role: 'editor' },
    });
    const token = String(invited.json().url).split('/invite/')[1];
    const joined = await test.app.inject({
      method: 'POST',
      url: `/api/v1/auth/invitations/${token}/accept`,
      payload: { email: 'dave@example.com', password: PASSWORD, name: 'Dave' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const daveId = (joined.json() as Me).user.id;

    const unverified = await signInAs(
      test.app,
      idp,
      account('dave-sub', { email: 'dave@example.com', emailVerified: false }),
    );
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().error.code).toBe('conflict');

    const verified = await signInAs(test.app, idp, account('dave-sub', { email: 'dave@example.com' }));
    expect(verified.statusCode, verified.body).toBe(200);
    expect((verified.json() as { me: Me }).me).toMatchObject({ role: 'editor', user: { id: daveId } });
  });

  it('refuses an exchange without the flow cookie, with a forged one, or with another state', async () => {
    idp.signInAs(account('alice'));
    const { cookie, body } = await roundTrip(test.app);
    expect((await exchange(test.app, null, body)).json().error.code).toBe('bad_request');
    const forged = `tabula_sso=${encodeURIComponent('{"state":"x","nonce":"y","codeVerifier":"z"}.c2lnbmF0dXJl')}`;
    expect((await exchange(test.app, forged, body)).statusCode).toBe(400);
    const wrongState = await exchange(test.app, cookie, { ...body, state: 'another-state' });
    expect(wrongState.statusCode).toBe(401);
    expect(wrongState.json().error.code).toBe('unauthorized');
  });

  it('refuses a code used twice', async () => {
    idp.signInAs(account('alice'));
    const { cookie, body } = await roundTrip(test.app);
    expect((await exchange(test.app, cookie, body)).statusCode).toBe(200);
    expect((await exchange(test.app, cookie, body)).statusCode).toBe(401);
  });

  it('validates the exchange body', async () => {
    const response = await exchange(test.app, null, { code: '', state: 'x', extra: 'y' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});

describe('single sign-on when it cannot work', () => {
  it('answers 404 while it is not configured', async () => {
    const test = await createTestApp({ oidc: null });
    try {
      expect((await test.app.inject({ method: 'GET', url: '/api/v1/auth/sso/start' })).statusCode).toBe(404);
      const exchanged = await exchange(test.app, null, { code: 'c', state: 's' });
      expect(exchanged.statusCode).toBe(404);
    } finally {
      await test.close();
    }
  });

  it('sends the browser back to the console with an OAuth error when the provider is unreachable', async () => {
    const test = await createTestApp({
      oidc: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', label: 'SSO' },
    });
    try {
      const start = await test.app.inject({ method: 'GET', url: '/api/v1/auth/sso/start' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/auth/callback?error=temporarily_unavailable');
    } finally {
      await test.close();
    }
  });
});
