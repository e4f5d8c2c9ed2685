import type { SdkPayload } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { call, type Session, signUp } from '../../../test/client';

interface KeyRow {
  kind: string;
  name: string;
  key: string;
}

describe('the demo project of a fresh instance', () => {
  const t = useTestApp({ demo: true });
  let owner: Session;
  let projectId = '';
  let clientKey = '';

  it('comes with the first sign-up: a rolled-out flag, a running experiment driving a flag, a visual draft', async () => {
    owner = await signUp(t.app, 'first');
    const projects = (await call(t.app, owner, { url: '/api/v1/projects' })).json().projects;
    expect(projects.map((project: { name: string }) => project.name)).toEqual(['Demo shop']);
    projectId = projects[0].id;

    const keys = (await call(t.app, owner, { url: `/api/v1/projects/${projectId}/keys` })).json().keys as KeyRow[];
    expect(keys).toEqual([expect.objectContaining({ kind: 'client', name: 'Demo page' })]);
    const experiments = (await call(t.app, owner, { url: `/api/v1/projects/${projectId}/experiments` })).json();
    expect(
      experiments.experiments.map((experiment: { key: string; status: string }) => [experiment.key, experiment.status]),
    ).toEqual(
      expect.arrayContaining([
        ['checkout-button', 'running'],
        ['hero-headline', 'draft'],
      ]),
    );

    const metrics = (await call(t.app, owner, { url: `/api/v1/projects/${projectId}/metrics` })).json().metrics;
    expect(metrics.map((metric: { key: string; type: string }) => [metric.key, metric.type])).toEqual([
      ['purchase', 'conversion'],
      ['revenue', 'sum'],
    ]);
    expect(metrics[0].experiments.map((usage: { key: string; roles: string[] }) => [usage.key, usage.roles])).toEqual([
      ['checkout-button', ['primary']],
      ['hero-headline', ['primary']],
    ]);

    // The client key is public: the SDK payload of the development environment serves both flags and the experiment.
    const audit = (await call(t.app, owner, { url: `/api/v1/audit?projectId=${projectId}&entityType=api_key` })).json();
    expect(audit.entries[0].actor).toMatchObject({ kind: 'user', id: owner.me.user.id });
    clientKey = keys[0]!.key;
    const payload = (await t.app.inject({ url: `/sdk/v1/payload/${clientKey}` })).json() as SdkPayload;
    expect(payload.environment).toBe('development');
    expect(payload.flags.map((flag) => [flag.key, flag.enabled])).toEqual([
      ['button-colour', true],
      ['new-checkout', true],
    ]);
    expect(payload.experiments.map((experiment) => experiment.key)).toEqual(['checkout-button']);
  });

  it('is made once: a second organization starts empty', async () => {
    const second = await signUp(t.app, 'second');
    expect((await call(t.app, second, { url: '/api/v1/projects' })).json().projects).toEqual([]);
  });

  it('serves /demo with the SDK loaded for a key, and a form without one', async () => {
    const page = await t.app.inject({ url: `/demo?key=${clientKey}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(`<script src="/sdk/tabula.js" data-client-key="${clientKey}"`);
    expect(page.body).toContain(`data-project-id="${projectId}"`);
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const script = await t.app.inject({ url: '/demo/demo.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).not.toContain('innerHTML');

    const form = await t.app.inject({ url: '/demo' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<form method="get" action="/demo">');
    expect(form.body).not.toContain('data-client-key');
  });

  it('refuses what is not a key, and unknown keys, without echoing them as HTML', async () => {
    const injected = await t.app.inject({ url: `/demo?key=${encodeURIComponent('"><script>alert(1)</script>')}` });
    expect(injected.statusCode).toBe(400);
    expect(injected.body).not.toContain('<script>alert(1)');
    expect(injected.body).toContain('This is not a client key');
    const unknown = await t.app.inject({ url: '/demo?key=tbc_abcdefghijkmnopqrstuvwxyz23456789' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Unknown client key');
  });
});
