import { randomUUID } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app';
import { call } from '../../../test/client';
import { sdkProject } from '../../../test/sdk';

describe('health and API docs', () => {
  const t = useTestApp({ releaseId: 'test-release' });

  it('is up while the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', ingest: 'up', version: 'test-release' });
  });

  it('serves the OpenAPI document and Swagger UI under the CSP', async () => {
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('test-release');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/signup',
        '/api/v1/projects/{projectId}/keys',
        '/api/v1/projects/{projectId}/flags/{flagKey}/environments/{envKey}',
        '/api/v1/projects/{projectId}/segments/{segmentKey}',
        '/api/health',
      ]),
    );
    const signup = document.paths['/api/v1/auth/signup'].post;
    expect(signup.requestBody.content['application/json'].schema.properties).toHaveProperty('organizationName');
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
    // Every reference resolves, so clients generated from the document work.
    expect(await new Validator().validate(document)).toEqual({ valid: true });
    expect(document.components.schemas).toHaveProperty('JsonValue');

    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });
});

describe('health without a database', () => {
  it('answers 503 once the database is gone', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const response = await t.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await t.close();
    }
  });

  it('answers the console 503 with Retry-After, and reports the events it could not store', async () => {
    const t = await createTestApp();
    try {
      const project = await sdkProject(t.app);
      const batch = () =>
        t.app.inject({
          method: 'POST',
          url: `/sdk/v1/events/${project.clientKey}`,
          payload: { events: [{ type: 'track', id: randomUUID(), at: Date.now(), unitId: 'u1', event: 'buy' }] },
        });
      expect((await batch()).statusCode).toBe(202);
      await t.database.close();

      const projects = await call(t.app, project.owner, { url: '/api/v1/projects' });
      expect(projects.statusCode).toBe(503);
      expect(projects.headers['retry-after']).toBe('5');
      expect(projects.json()).toMatchObject({ error: { code: 'unavailable' } });

      expect((await batch()).statusCode).toBe(503);
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.json()).toMatchObject({ status: 'degraded', ingest: 'down' });
    } finally {
      await t.close();
    }
  });
});
