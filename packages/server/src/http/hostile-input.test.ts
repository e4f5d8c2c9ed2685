import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { sdkProject } from '../../test/sdk';
import { MAX_BODY_DEPTH, unsafeJsonProblem, unsafeUrlProblem } from './hostile-input';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
};

describe('what no route can store', () => {
  it('is found in JSON wherever it is, and named by its place', () => {
    expect(unsafeJsonProblem({ name: 'ok', rules: [{ values: ['fine', 'ünïcode 😀'] }] })).toBeNull();
    expect(unsafeJsonProblem({ rules: [{ values: ['fine', 'a\u0000b'] }] })).toBe(
      'The request body at rules.0.values.1 contains a NUL character',
    );
    expect(unsafeJsonProblem({ name: '\ud800' })).toBe(
      'The request body at name contains an unpaired UTF-16 surrogate',
    );
    expect(unsafeJsonProblem({ name: 'x\udc00' })).toMatch(/unpaired/);
    expect(unsafeJsonProblem({ 'a\u0000': 1 })).toMatch(/A field name .* contains a NUL character/);
    expect(unsafeJsonProblem('\u0000')).toBe('The request body contains a NUL character');
    expect(unsafeJsonProblem(nested(MAX_BODY_DEPTH))).toBeNull();
    expect(unsafeJsonProblem(nested(MAX_BODY_DEPTH + 1))).toMatch(/nested more than 64 levels/);
    // Deep enough to overflow a recursive walk.
    expect(unsafeJsonProblem(nested(200_000))).toMatch(/nested/);
  });

  it('is found in addresses, escaped or not', () => {
    expect(unsafeUrlProblem('/api/v1/projects?search=caf%C3%A9')).toBeNull();
    expect(unsafeUrlProblem('/api/v1/projects/a%00b')).toBe('The address contains a NUL character');
    expect(unsafeUrlProblem('/api/v1/projects?search=%00')).toBe('The address contains a NUL character');
    expect(unsafeUrlProblem('/api/v1/projects?search=%E0%A4%A')).toBe('The address has a malformed %-escape');
    expect(unsafeUrlProblem('/api/v1/projects?search=%ED%A0%80')).toBe('The address has a malformed %-escape');
  });
});

describe('hostile input at the edge', () => {
  const t = useTestApp();

  const send = (url: string, payload: string, contentType = 'application/json', method: 'POST' | 'GET' = 'POST') =>
    // From the console's own origin, which the reporting endpoints ask for.
    t.app.inject({ method, url, payload, headers: { 'content-type': contentType, origin: t.config.publicUrl } });

  it('answers 400 in the one error shape for NUL, lone surrogates and deep nesting in any body', async () => {
    const signup = '{"email":"a@example.com","password":"x\\u0000y","name":"n","organizationName":"o"}';
    const cases = [
      await send('/api/v1/auth/signup', signup),
      await send(
        '/api/v1/auth/signup',
        `{"email":"a@example.com","name":"\\udc00","password":"p","organizationName":"o"}`,
      ),
      await send('/api/rum/collect', '{"reports":[{"message":"\\u0000"}]}'),
      await send('/api/rum/speed', `{"reports":${'['.repeat(2000)}${']'.repeat(2000)}}`),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'bad_request', message: expect.any(String) } });
    }
  });

  it('leaves an event batch whole, refusing only its bad events, from sendBeacon too', async () => {
    const project = await sdkProject(t.app);
    const event = (id: string, unitId: string) =>
      `{"type":"track","id":"${id}","at":1,"unitId":"${unitId}","event":"e"}`;
    const beacon = `{"events":[${event('abcdefgh1', 'u\\ud800')},${event('abcdefgh2', 'u2')},${'['.repeat(2000)}${']'.repeat(2000)}]}`;
    const response = await send(`/sdk/v1/events/${project.clientKey}`, beacon, 'text/plain');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ accepted: 1, rejected: [{ index: 0 }, { index: 2 }] });
  });

  it('answers 400 for NUL or malformed escapes in the path or the query, before anything is looked up', async () => {
    const project = await sdkProject(t.app);
    const urls = [
      `/api/v1/projects/${project.projectId}%00`,
      `/api/v1/projects/${project.projectId}/flags?search=%00`,
      `/api/v1/projects/%E0%A4%A`,
      `/api/v1/projects/${'x'.repeat(500)}`,
      `/sdk/v1/payload/${project.clientKey}%00`,
    ];
    for (const url of urls) {
      const response = await t.app.inject({ url, headers: { cookie: project.owner.cookie } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
    // A project id no route would take is refused by its schema, not looked up.
    const invalid = await t.app.inject({
      url: '/api/v1/projects/not an id/flags',
      headers: { cookie: project.owner.cookie },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});
