import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SdkPayload } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { call, type Session, signUp } from '../../../test/client';

/** A stand-in for the built React shop: the route serves whatever the build wrote. */
const demoDir = mkdtempSync(join(tmpdir(), 'tabula-demo-'));
const reactShop = `(function(){document.title="shop";${' '.repeat(2000)}})();\n`;
writeFileSync(join(demoDir, 'react-shop.js'), reactShop);
const reactShopPath = `/demo/react-shop.${createHash('sha256').update(reactShop).digest('hex').slice(0, 8)}.js`;
const SNIPPET_IN_HEAD =
  /<head>.*<script src="\/sdk\/tabula\.js\?key=[^"]+" [^>]*data-enable-ui="true"[^>]*><\/script>.*<\/head>/s;

interface KeyRow {
  kind: string;
  name: string;
  key: string;
}

describe('the demo project of a fresh instance', () => {
  const t = useTestApp({ demo: true, demoDir });
  let owner: Session;
  let projectId = '';
  let clientKey = '';

  it('comes with the first sign-up: a rolled-out flag, an experiment driving a flag, a visual experiment', async () => {
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
        ['hero-headline', 'running'],
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
    expect(payload.experiments.map((experiment) => experiment.key)).toEqual(['checkout-button', 'hero-headline']);
    // The visual experiment runs on both shops of this server (http://tabula.test), its treatment with its changes.
    // http://tabula.test is no page an experiment may name (spec §5), so its https twin stands in.
    const visual = payload.experiments.find((experiment) => experiment.key === 'hero-headline')!;
    expect(visual.page).toEqual({ url: 'https://tabula.test/demo*', match: 'fuzzy' });
    expect(visual.versions.map((version) => [version.key, version.elementRules?.length ?? 0])).toEqual([
      ['control', 0],
      ['benefit', 1],
    ]);
  });

  it('is made once: a second organization starts empty', async () => {
    const second = await signUp(t.app, 'second');
    expect((await call(t.app, second, { url: '/api/v1/projects' })).json().projects).toEqual([]);
  });

  it('serves /demo with the SDK loaded for a key, and a form without one', async () => {
    const page = await t.app.inject({ url: `/demo?key=${clientKey}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(`<script src="/sdk/tabula.js?key=${clientKey}" data-client-key="${clientKey}"`);
    expect(page.body).toContain(`data-project-id="${projectId}"`);
    // Visual experiments on, and their changes applied before the body is painted.
    expect(page.body).toMatch(SNIPPET_IN_HEAD);
    expect(page.body).toContain(`<a href="/demo/react?key=${clientKey}">React</a>`);
    expect(page.body).not.toMatch(/<script>(?!<)/);
    // A customer's page: scripts only from here, background images a visual experiment sets from any https address.
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("img-src 'self' data: https:;");
    const script = await t.app.inject({ url: '/demo/demo.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).not.toContain('innerHTML');

    const form = await t.app.inject({ url: '/demo' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<form method="get" action="/demo">');
    expect(form.body).not.toContain('data-client-key');
  });

  it('serves /demo/react: the same snippet, then the React shop by a name that changes with it, cached for good', async () => {
    const page = await t.app.inject({ url: `/demo/react?key=${clientKey}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(SNIPPET_IN_HEAD);
    expect(page.body).toContain(`data-client-key="${clientKey}" data-project-id="${projectId}"`);
    expect(page.body).toContain(`<script src="${reactShopPath}" defer></script>`);
    expect(page.body).toContain('<div id="shop"></div>');
    expect(page.body).toContain(`<a href="/demo?key=${clientKey}">plain HTML</a>`);
    expect(page.body).not.toMatch(/<script>(?!<)/);

    const bundle = await t.app.inject({ url: reactShopPath, headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers).toMatchObject({
      'content-type': 'application/javascript; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(gunzipSync(bundle.rawPayload).toString()).toBe(reactShop);
    const again = await t.app.inject({
      url: reactShopPath,
      headers: { 'if-none-match': bundle.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ url: '/demo/react-shop.00000000.js' })).statusCode).toBe(404);

    const form = await t.app.inject({ url: '/demo/react' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<form method="get" action="/demo/react">');
  });

  it.each(['/demo', '/demo/react'])(
    '%s refuses what is not a key, and unknown keys, without echoing them as HTML',
    async (path) => {
      const injected = await t.app.inject({ url: `${path}?key=${encodeURIComponent('"><script>alert(1)</script>')}` });
      expect(injected.statusCode).toBe(400);
      expect(injected.body).not.toContain('<script>alert(1)');
      expect(injected.body).toContain('This is not a client key');
      const unknown = await t.app.inject({ url: `${path}?key=tbc_abcdefghijkmnopqrstuvwxyz23456789` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('Unknown client key');
    },
  );
});

describe('the React demo shop before it is built', () => {
  const t = useTestApp({ demoDir: join(demoDir, 'not-built') });

  it('answers 503 with what to do, and the plain page still works', async () => {
    const page = await t.app.inject({ url: '/demo/react?key=tbc_abcdefghijkmnopqrstuvwxyz23456789' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('The React shop is not built: run `npm run build`, then restart the server.');
    expect((await t.app.inject({ url: '/demo' })).statusCode).toBe(200);
  });
});

describe('the demo project of a fresh instance on http://localhost', () => {
  const t = useTestApp({ demo: true, demoDir, publicUrl: 'http://localhost:4000' });

  it('runs its visual experiment on the http address, and opens the shop with its key there', async () => {
    const owner = await signUp(t.app, 'local');
    const [project] = (await call(t.app, owner, { url: '/api/v1/projects' })).json().projects;
    const base = `/api/v1/projects/${project.id}`;
    const [key] = (await call(t.app, owner, { url: `${base}/keys` })).json().keys as KeyRow[];
    const hero = (await call(t.app, owner, { url: `${base}/experiments/hero-headline` })).json();
    expect(hero.page).toEqual({
      url: 'http://localhost:4000/demo*',
      match: 'fuzzy',
      openUrl: `http://localhost:4000/demo?key=${key!.key}`,
    });
    const token = (
      await call(t.app, owner, { method: 'POST', url: `${base}/experiments/hero-headline/editor-token` })
    ).json();
    const editorUrl = new URL(token.editorUrl);
    expect(editorUrl.origin).toBe('http://localhost:4000');
    expect(editorUrl.searchParams.get('key')).toBe(key!.key);
    // The page opened is a page of this server that the experiment runs on.
    const page = await t.app.inject({ url: `${editorUrl.pathname}${editorUrl.search}` });
    expect(page.statusCode).toBe(200);
  });
});
