import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { call, signUp } from '../../test/client';

describe('the content security policy', () => {
  const t = useTestApp({
    apiHosts: {
      test: 'http://tabula.test',
      prod: 'https://api.example.com',
      sgProd: 'https://api-sg.example.com:8443',
    },
  });

  it('lets the console connect to the API host of every environment tag, and nowhere else', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const connectSrc = response.headers['content-security-policy']
      ?.toString()
      .split(';')
      .find((directive) => directive.startsWith('connect-src'));
    expect(connectSrc).toBe(
      "connect-src 'self' http://tabula.test https://api.example.com https://api-sg.example.com:8443",
    );
  });
});

describe('security headers', () => {
  const t = useTestApp();

  it('keep signed-in answers out of every cache, and deny the powerful browser features', async () => {
    const owner = await signUp(t.app);
    const signedIn = await call(t.app, owner, { url: '/api/v1/projects' });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers['permissions-policy']).toContain('camera=()');
    const anonymous = await t.app.inject({ url: '/api/v1/auth/setup' });
    expect(anonymous.headers['cache-control']).toBeUndefined();
    expect(anonymous.headers['permissions-policy']).toContain('geolocation=()');
  });
});
