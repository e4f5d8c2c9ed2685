import { CSRF_HEADER } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { call, signUp } from '../../test/client';
import { isConsoleOrigin, isForeignPage } from './console-origin';

const allowed = { publicUrl: 'https://ab.example.com', editions: { 'games.example.com': 'mini-games' as const } };

describe('console origin', () => {
  it('accepts the public URL and the edition hosts', () => {
    expect(isConsoleOrigin({ origin: 'https://ab.example.com' }, allowed)).toBe(true);
    expect(isConsoleOrigin({ origin: 'https://games.example.com' }, allowed)).toBe(true);
    expect(isConsoleOrigin({ origin: 'http://games.example.com:8080' }, allowed)).toBe(true);
  });

  it('falls back to the Referer when the Origin is missing', () => {
    expect(isConsoleOrigin({ referer: 'https://ab.example.com/projects/p1/flags' }, allowed)).toBe(true);
    expect(isConsoleOrigin({ referer: 'https://elsewhere.example/page' }, allowed)).toBe(false);
  });

  it('refuses other origins, other schemes or ports of the public URL, and nothing at all', () => {
    for (const origin of [
      'https://elsewhere.example',
      'http://ab.example.com',
      'https://ab.example.com:8443',
      'https://ab.example.com.evil.example',
      'null',
      'chrome-extension://abc',
    ]) {
      expect(isConsoleOrigin({ origin }, allowed), origin).toBe(false);
    }
    expect(isConsoleOrigin({}, allowed)).toBe(false);
  });
});

describe('a foreign page, for the CSRF check', () => {
  const host = 'api-sg.example.com';

  it('is no console page and no page of the host it writes to', () => {
    expect(isForeignPage({ origin: 'https://blog.example.com', host }, allowed)).toBe(true);
    expect(isForeignPage({ referer: 'https://evil.example/form', host }, allowed)).toBe(true);
  });

  it('includes pages the browser will not name: opaque origins and other schemes', () => {
    expect(isForeignPage({ origin: 'null', host }, allowed)).toBe(true);
    expect(isForeignPage({ origin: 'chrome-extension://abc', host }, allowed)).toBe(true);
  });

  it('excludes console pages, pages of the same host, and requests that name no page', () => {
    expect(isForeignPage({ origin: 'https://ab.example.com', host }, allowed)).toBe(false);
    expect(isForeignPage({ origin: 'https://games.example.com', host }, allowed)).toBe(false);
    expect(isForeignPage({ origin: 'https://api-sg.example.com', host }, allowed)).toBe(false);
    expect(isForeignPage({ origin: 'http://192.168.1.5:4000', host: '192.168.1.5:4000' }, allowed)).toBe(false);
    expect(isForeignPage({ host }, allowed)).toBe(false);
  });
});

// The deployment the environment tags describe: the console on one host of a site, API hosts on its siblings.
describe('a console calling the API on a sibling host', () => {
  const t = useTestApp({
    publicUrl: 'https://console.example.com',
    secureCookies: true,
    cookieDomain: 'example.com',
    editions: { 'games.example.com': 'mini-games' },
  });
  const consoleOrigin = 'https://console.example.com';
  const apiHost = 'api-sg.example.com';

  it('may read the API with its cookie, refusals included', async () => {
    const read = await t.app.inject({ url: '/api/v1/auth/setup', headers: { host: apiHost, origin: consoleOrigin } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(consoleOrigin);
    expect(read.headers['access-control-allow-credentials']).toBe('true');
    expect(read.headers.vary).toContain('Origin');

    // A signed-out console must see the 401 to send its user to sign in.
    const signedOut = await t.app.inject({ url: '/api/v1/auth/me', headers: { host: apiHost, origin: consoleOrigin } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['access-control-allow-origin']).toBe(consoleOrigin);
  });

  it('gets its writes preflighted', async () => {
    for (const origin of [consoleOrigin, 'https://games.example.com']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/projects/p1/flags/f1',
        headers: {
          host: apiHost,
          origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': `content-type,${CSRF_HEADER}`,
        },
      });
      expect(preflight.statusCode, origin).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
      expect(preflight.headers['access-control-allow-headers']).toContain(CSRF_HEADER);
    }
  });

  it('grants nothing to any other origin, siblings of the site included', async () => {
    for (const origin of ['https://evil.example', 'https://blog.example.com', 'null']) {
      const read = await t.app.inject({ url: '/api/v1/auth/setup', headers: { host: apiHost, origin } });
      expect(read.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(read.headers['access-control-allow-credentials']).toBeUndefined();
      expect(read.headers.vary).toContain('Origin');
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/projects/p1/flags',
        headers: { host: apiHost, origin, 'access-control-request-method': 'DELETE' },
      });
      expect(preflight.statusCode, origin).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('leaves the SDK endpoints open to every site, as they were', async () => {
    const sdk = await t.app.inject({ url: '/sdk/v1/payload/tbc_unknown', headers: { origin: consoleOrigin } });
    expect(sdk.headers['access-control-allow-origin']).toBe('*');
    expect(sdk.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('accepts cookie writes from console pages and the API host itself, and refuses other pages', async () => {
    const owner = await signUp(t.app);
    const create = (origin: string) =>
      call(t.app, owner, {
        method: 'POST',
        url: '/api/v1/projects',
        payload: { name: `From ${origin}` },
        headers: { host: apiHost, origin },
      });

    for (const origin of [consoleOrigin, 'https://games.example.com', `https://${apiHost}`]) {
      expect((await create(origin)).statusCode, origin).toBe(201);
    }
    // Even with the token in hand, which such a page could only have stolen.
    for (const origin of ['https://blog.example.com', 'https://evil.example', 'null']) {
      const refused = await create(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'csrf_failed',
        message: "Changes are accepted from the console's own pages only",
      });
    }
    const projects = await call(t.app, owner, { url: '/api/v1/projects', headers: { host: apiHost } });
    expect(projects.json().projects).toHaveLength(3);
  });
});
