import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { call, signUp } from '../../test/client';

describe('request errors', () => {
  const t = useTestApp();
  const signup = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: payload as Record<string, unknown> });

  it('names each invalid field', async () => {
    const response = await signup({ email: 'not-an-email', password: 'short', name: '', organizationName: 'Org' });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please input valid email' },
        { path: 'password', message: 'Please input valid password: at least 12 characters' },
        { path: 'name', message: 'Please input name' },
      ]),
    );
  });

  it('rejects missing fields, wrong types, over-long values and unknown fields', async () => {
    const base = { email: 'a@example.com', password: 'long enough for it', name: 'A', organizationName: 'Org' };
    const cases: [unknown, string][] = [
      [{ ...base, organizationName: undefined }, 'organizationName'],
      [{ ...base, name: 42 }, 'name'],
      [{ ...base, name: 'x'.repeat(101) }, 'name'],
      [{ ...base, isAdmin: true }, 'isAdmin'],
    ];
    for (const [payload, path] of cases) {
      const response = await signup(payload);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.details.map((issue: { path: string }) => issue.path)).toEqual([path]);
    }
    const unknown = await signup({ ...base, isAdmin: true });
    expect(unknown.json().error.details).toEqual([{ path: 'isAdmin', message: 'Unknown field' }]);
  });

  it('answers malformed JSON with bad_request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'bad_request', message: 'The request body is not valid JSON' });
  });

  it('answers another content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const owner = await signUp(t.app);
    const response = await call(t.app, owner, {
      method: 'POST',
      url: '/api/v1/projects',
      payload: { name: 'Big', description: 'x'.repeat(1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('validates query strings and params too', async () => {
    const owner = await signUp(t.app);
    const query = await call(t.app, owner, { url: '/api/v1/audit?limit=1000&color=red' });
    expect(query.statusCode).toBe(400);
    expect(
      query
        .json()
        .error.details.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['color', 'limit']);
    const params = await call(t.app, owner, { method: 'PATCH', url: '/api/v1/members/x', payload: { role: 'viewer' } });
    expect(params.statusCode).toBe(400);
    expect(params.json().error.details[0].path).toBe('userId');
  });
});
