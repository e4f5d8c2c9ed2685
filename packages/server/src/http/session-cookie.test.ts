import { SESSION_COOKIE } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { call, signUp } from '../../test/client';

const sessionCookieOf = (cookies: { name: string }[]) => cookies.find((cookie) => cookie.name === SESSION_COOKIE);

describe('the session cookie', () => {
  describe('without a cookie domain', () => {
    const t = useTestApp();

    it('stays on the host that set it', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { email: 'host@example.com', password: 'correct horse battery', name: 'Host', organizationName: 'H' },
      });
      expect(response.statusCode).toBe(201);
      const cookie = sessionCookieOf(response.cookies);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie).not.toHaveProperty('domain');
    });
  });

  describe('with a cookie domain', () => {
    const t = useTestApp({
      publicUrl: 'https://console.example.com',
      secureCookies: true,
      cookieDomain: 'example.com',
    });

    it('reaches the sibling hosts, still HttpOnly, SameSite=Lax and Secure, and is cleared there too', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { email: 'site@example.com', password: 'correct horse battery', name: 'Site', organizationName: 'S' },
      });
      expect(response.statusCode).toBe(201);
      expect(sessionCookieOf(response.cookies)).toMatchObject({
        domain: 'example.com',
        httpOnly: true,
        sameSite: 'Lax',
        secure: true,
        path: '/',
      });

      const owner = await signUp(t.app);
      const logout = await call(t.app, owner, { method: 'POST', url: '/api/v1/auth/logout' });
      expect(logout.statusCode).toBe(204);
      // A browser drops a cookie only when the clearing one names the same domain and path.
      const cleared = sessionCookieOf(logout.cookies);
      expect(cleared).toMatchObject({ domain: 'example.com', path: '/', value: '' });
    });
  });
});
