import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { isConsoleOrigin } from './console-origin';

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

describe('CORS for consoles on the hosts of other environment tags', () => {
  const t = useTestApp({ editions: { 'ab.example.com': 'international' } });
  const consoleOrigin = 'https://ab.example.com';

  it('lets a console origin call the API with its cookie, and preflights its writes', async () => {
    const read = await t.app.inject({ url: '/api/v1/auth/setup', headers: { origin: consoleOrigin } });
    expect(read.headers['access-control-allow-origin']).toBe(consoleOrigin);
    expect(read.headers['access-control-allow-credentials']).toBe('true');
    expect(read.headers.vary).toContain('Origin');

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/projects/p1/flags',
      headers: { origin: consoleOrigin, 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
    expect(preflight.headers['access-control-allow-headers']).toContain('x-csrf-token');
  });

  it('grants nothing to any other origin', async () => {
    const read = await t.app.inject({ url: '/api/v1/auth/setup', headers: { origin: 'https://evil.example' } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/projects/p1/flags',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
