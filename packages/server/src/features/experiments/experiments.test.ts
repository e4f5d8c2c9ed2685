import { MAX_PARAMS_BYTES } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, createProject, signUp } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { event as eventTable } from '../../db/schema';

const versionsOf = (...weights: [string, number, boolean?][]) =>
  weights.map(([key, weight, isControl]) => ({ key, name: key, weight, isControl: isControl ?? false }));

describe('experiments', () => {
  const t = useTestApp();

  it('creates a draft with a control and a treatment, owned by its creator', async () => {
    const { owner, expectStatus, send } = await projectApi(t);
    await expectStatus(201, 'POST', '/metrics', {
      key: 'catalogue-visit',
      name: 'Catalogue visit',
      type: 'conversion',
      source: { kind: 'pageview', url: 'https://shop.example/catalogue/*' },
    });
    const created = await expectStatus(201, 'POST', '/experiments', {
      key: 'hero-banner',
      name: 'Hero banner',
      hypothesis: 'A larger banner brings more visitors to the catalogue',
      metrics: { primary: ['catalogue-visit'] },
    });
    expect(created).toMatchObject({
      key: 'hero-banner',
      kind: 'ab',
      status: 'draft',
      unitAttribute: 'id',
      traffic: 10_000,
      phase: 0,
      layer: null,
      layerSlots: 10_000,
      page: null,
      versions: [
        { key: 'control', name: 'Control', weight: 5000, isControl: true, params: {} },
        { key: 'treatment', name: 'Treatment', weight: 5000, isControl: false, params: {} },
      ],
      metrics: { primary: ['catalogue-visit'], secondary: [], guardrails: [] },
      decision: null,
      owner: { id: owner.me.user.id, email: owner.me.user.email },
      exposures: 0,
      startedAt: null,
      stoppedAt: null,
    });
    expect(await expectStatus(200, 'GET', '/experiments/hero-banner')).toEqual(created);

    const duplicate = await send('POST', '/experiments', { key: 'hero-banner', name: 'Again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('This project already has an experiment with key "hero-banner"');
    expect((await send('GET', '/experiments/missing')).statusCode).toBe(404);
  });

  it('edits a draft freely and keeps its key', async () => {
    const { expectStatus, send } = await projectApi(t);
    await expectStatus(201, 'POST', '/segments', {
      key: 'dutch',
      name: 'Dutch',
      conditions: [{ attribute: 'country', operator: 'eq', values: ['NL'] }],
    });
    await expectStatus(201, 'POST', '/layers', { key: 'homepage', name: 'Homepage' });
    await expectStatus(201, 'POST', '/experiments', { key: 'hero', name: 'Hero', kind: 'visual' });
    const edited = await expectStatus(200, 'PATCH', '/experiments/hero', {
      name: 'Hero v2',
      traffic: 2500,
      unitAttribute: 'deviceId',
      segments: ['dutch'],
      conditions: [{ attribute: 'plan', operator: 'in', values: ['pro', 'team'] }],
      layer: 'homepage',
      layerSlots: 4000,
      page: { url: 'https://shop.example.com/', match: 'fuzzy' },
      versions: versionsOf(['control', 2000, true], ['big', 3000], ['huge', 5000]),
    });
    expect(edited).toMatchObject({
      name: 'Hero v2',
      traffic: 2500,
      unitAttribute: 'deviceId',
      segments: ['dutch'],
      layer: { key: 'homepage', start: null, end: null },
      layerSlots: 4000,
      page: { url: 'https://shop.example.com/', match: 'fuzzy', openUrl: 'https://shop.example.com/' },
      phase: 0,
    });
    expect(edited.versions.map((version: { key: string }) => version.key)).toEqual(['control', 'big', 'huge']);
    const rekey = await send('PATCH', '/experiments/hero', { key: 'other' });
    expect(rekey.statusCode).toBe(400);
    expect(rekey.json().error.details[0]).toEqual({ path: 'key', message: 'Unknown field' });
    expect((await send('PATCH', '/experiments/hero', { kind: 'ab' })).statusCode).toBe(400);
    expect((await send('PATCH', '/experiments/hero', { reRandomise: true })).statusCode).toBe(400);
    const left = await expectStatus(200, 'PATCH', '/experiments/hero', { layer: null });
    expect(left.layer).toBeNull();
  });

  it('opens a page apart from the pattern it matches: on this machine over http, elsewhere over https', async () => {
    const { expectStatus } = await projectApi(t);
    const pageOf = async (key: string, page: Record<string, unknown>) =>
      (await expectStatus(201, 'POST', '/experiments', { key, name: key, kind: 'visual', page })).page;
    // A pattern that is one address opens itself; one with * opens nothing until a page to open is named.
    expect(await pageOf('local', { url: 'http://localhost:4000/demo', match: 'exact' })).toEqual({
      url: 'http://localhost:4000/demo',
      match: 'exact',
      openUrl: 'http://localhost:4000/demo',
    });
    expect(await pageOf('loopback', { url: 'http://127.0.0.1:8080/*', match: 'fuzzy' })).toEqual({
      url: 'http://127.0.0.1:8080/*',
      match: 'fuzzy',
      openUrl: null,
    });
    const named = { url: 'http://localhost:4000/demo*', match: 'fuzzy', openUrl: 'http://localhost:4000/demo?key=k' };
    expect(await pageOf('named', named)).toEqual(named);
    // An edit of the pattern alone settles the page to open again.
    const edited = await expectStatus(200, 'PATCH', '/experiments/named', {
      page: { url: 'https://shop.example.com/checkout', match: 'exact' },
    });
    expect(edited.page.openUrl).toBe('https://shop.example.com/checkout');
    const token = await expectStatus(201, 'POST', '/experiments/local/editor-token');
    expect(token.editorUrl).toMatch(/^http:\/\/localhost:4000\/demo\?tabula_editor=tbe_/);
  });

  it('refuses bad definitions with the field at fault, and writes nothing', async () => {
    const { project, owner, expectStatus, send } = await projectApi(t);
    const refused = async (body: Record<string, unknown>, path: string, message?: string) => {
      const response = await send('POST', '/experiments', { key: 'exp', name: 'Exp', ...body });
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('validation_failed');
      expect(error.details.map((issue: { path: string }) => issue.path)).toContain(path);
      if (message) expect(error.details.map((issue: { message: string }) => issue.message)).toContain(message);
    };
    await refused({ key: 'Hero Banner!' }, 'key', 'Please input valid key: lowercase letters, digits, "-" and "_"');
    await refused(
      { versions: versionsOf(['control', 5000, true], ['b', 4000]) },
      'versions',
      'Weights add up to 9000; they must add up to 10000 (100%)',
    );
    await refused(
      { versions: versionsOf(['a', 5000, true], ['b', 5000, true]) },
      'versions',
      'Exactly one version must be the control; 2 are',
    );
    await refused({ versions: versionsOf(['a', 5000, true], ['a', 5000]) }, 'versions.1.key');
    await refused({ versions: versionsOf(['a', 5000, true], ['B!', 5000]) }, 'versions.1.key');
    await refused({ segments: ['nobody'] }, 'segments.0', 'There is no segment "nobody"');
    await refused({ layer: 'nowhere' }, 'layer', 'There is no layer "nowhere"');
    await refused({ page: { url: 'https://shop.example.com/', match: 'exact' } }, 'page');
    await refused(
      { kind: 'visual', page: { url: 'http://shop.example.com/', match: 'exact' } },
      'page.url',
      'Url should be https protocol',
    );
    await refused(
      { kind: 'visual', page: { url: 'http://localhost.example.com/', match: 'exact' } },
      'page.url',
      'Url should be https protocol',
    );
    await refused(
      {
        kind: 'visual',
        page: { url: 'https://shop.example.com/*', match: 'fuzzy', openUrl: 'http://shop.example.com/' },
      },
      'page.openUrl',
      'Url should be https protocol',
    );
    await refused(
      {
        kind: 'visual',
        page: { url: 'https://shop.example.com/*', match: 'fuzzy', openUrl: 'https://shop.example.com/*' },
      },
      'page.openUrl',
      'The page to open is one address: it may not contain *',
    );
    await refused(
      {
        kind: 'visual',
        page: { url: 'https://shop.example.com/a/*', match: 'fuzzy', openUrl: 'https://other.example/a/' },
      },
      'page.openUrl',
      'The page to open must match the page URL',
    );
    await refused({ traffic: 10_001 }, 'traffic');
    await refused({ conditions: [{ attribute: 'plan', operator: 'like', values: ['x'] }] }, 'conditions.0.operator');

    // Over the byte limit in UTF-8 though not in characters: three bytes each.
    const euros = '€'.repeat(Math.ceil(MAX_PARAMS_BYTES / 3) + 10);
    await refused(
      {
        versions: [
          { key: 'control', name: 'C', weight: 5000, isControl: true, params: { text: euros } },
          { key: 'b', name: 'B', weight: 5000 },
        ],
      },
      'versions.0.params',
      `Params may not exceed ${MAX_PARAMS_BYTES} bytes`,
    );
    // Past the body limit: refused before it is parsed.
    const huge = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${project.id}/experiments`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        key: 'exp',
        name: 'Exp',
        versions: [
          {
            key: 'control',
            name: 'C',
            weight: 10_000,
            isControl: true,
            params: { blob: 'x'.repeat(10 * 1024 * 1024) },
          },
        ],
      }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
    expect((await expectStatus(200, 'GET', '/experiments')).total).toBe(0);

    await expectStatus(201, 'POST', '/experiments', { key: 'exp', name: 'Exp' });
    const before = await expectStatus(200, 'GET', '/experiments/exp');
    const badEdit = await send('PATCH', '/experiments/exp', {
      name: 'Renamed',
      versions: versionsOf(['control', 6000, true], ['treatment', 6000]),
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().error.details[0].path).toBe('versions');
    expect(await expectStatus(200, 'GET', '/experiments/exp')).toEqual(before);
  });

  it('lists with search, filters, sort and pagination, counting exposed units', async () => {
    const { project, expectStatus } = await projectApi(t);
    await expectStatus(201, 'POST', '/layers', { key: 'homepage', name: 'Homepage' });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'alpha',
      name: 'Checkout button',
      hypothesis: 'Green sells',
    });
    await expectStatus(201, 'POST', '/experiments', { key: 'beta', name: 'Hero', layer: 'homepage', layerSlots: 100 });
    await expectStatus(201, 'POST', '/experiments', { key: 'gamma', name: 'Search box', hypothesis: '100% recall' });
    await expectStatus(201, 'POST', '/experiments', { key: 'delta', name: 'Visual', kind: 'visual' });
    await expectStatus(200, 'POST', '/experiments/beta/start');
    // Two units exposed to beta (one of them twice), one to alpha, and a track event that does not count.
    const event = (eventId: string, type: 'exposure' | 'track', unitId: string, experiment: string) => ({
      projectId: project.id,
      environmentId: 'production',
      eventId,
      type,
      unitId,
      experiment,
      occurredAt: new Date(),
    });
    await t.database.db
      .insert(eventTable)
      .values([
        event('e1', 'exposure', 'u1', 'beta'),
        event('e2', 'exposure', 'u1', 'beta'),
        event('e3', 'exposure', 'u2', 'beta'),
        event('e4', 'exposure', 'u3', 'alpha'),
        event('e5', 'track', 'u4', 'beta'),
      ]);
    const keys = async (query: string) => {
      const page = await expectStatus(200, 'GET', `/experiments${query}`);
      return page.experiments.map((experiment: { key: string }) => experiment.key);
    };
    expect(await keys('')).toEqual(['delta', 'gamma', 'beta', 'alpha']);
    expect(await keys('?sort=key&order=asc')).toEqual(['alpha', 'beta', 'delta', 'gamma']);
    expect(await keys('?search=GREEN')).toEqual(['alpha']);
    expect(await keys('?search=hero')).toEqual(['beta']);
    expect(await keys('?search=100%25')).toEqual(['gamma']);
    expect(await keys('?status=running')).toEqual(['beta']);
    expect(await keys('?status=draft&sort=name&order=asc')).toEqual(['alpha', 'gamma', 'delta']);
    expect(await keys('?kind=visual')).toEqual(['delta']);
    expect(await keys('?layer=homepage')).toEqual(['beta']);
    expect(await keys('?sort=startedAt&order=desc&limit=1')).toEqual(['beta']);

    const page = await expectStatus(200, 'GET', '/experiments?sort=key&order=asc&limit=2');
    expect(page).toMatchObject({ total: 4, nextOffset: 2 });
    expect(page.experiments.map((experiment: { exposures: number }) => experiment.exposures)).toEqual([1, 2]);
    const last = await expectStatus(200, 'GET', '/experiments?sort=key&order=asc&limit=2&offset=2');
    expect(last).toMatchObject({ total: 4, nextOffset: null });
    expect((await expectStatus(200, 'GET', '/experiments/beta')).exposures).toBe(2);
    await expectStatus(400, 'GET', '/experiments?limit=101');
    await expectStatus(400, 'GET', '/experiments?status=finished');
  });

  it('deletes only drafts and archived experiments no flag rule serves', async () => {
    const { expectStatus, send } = await projectApi(t);
    await expectStatus(201, 'POST', '/experiments', { key: 'draft-one', name: 'Draft' });
    await expectStatus(201, 'POST', '/experiments', { key: 'live', name: 'Live' });
    await expectStatus(200, 'POST', '/experiments/live/start');
    const running = await send('DELETE', '/experiments/live');
    expect(running.statusCode).toBe(409);
    expect(running.json().error.message).toBe(
      'Experiment "live" is running: only a draft or archived experiment can be deleted',
    );

    await expectStatus(201, 'POST', '/flags', { key: 'banner', name: 'Banner', type: 'boolean' });
    await expectStatus(200, 'PUT', '/flags/banner/environments/production', {
      rules: [{ id: 'exp', serve: { kind: 'experiment', experiment: 'draft-one' } }],
    });
    const served = await send('DELETE', '/experiments/draft-one');
    expect(served.statusCode).toBe(409);
    expect(served.json().error.details).toEqual([
      { kind: 'flag', key: 'banner', environment: 'production', rule: 'exp' },
    ]);
    await expectStatus(200, 'PUT', '/flags/banner/environments/production', { rules: [] });
    await expectStatus(204, 'DELETE', '/experiments/draft-one');
    expect((await send('GET', '/experiments/draft-one')).statusCode).toBe(404);

    await expectStatus(200, 'POST', '/experiments/live/stop', { outcome: 'inconclusive' });
    await expectStatus(200, 'POST', '/experiments/live/archive');
    await expectStatus(204, 'DELETE', '/experiments/live');
  });

  it('keeps a segment an experiment uses', async () => {
    const { expectStatus, send } = await projectApi(t);
    await expectStatus(201, 'POST', '/segments', { key: 'dutch', name: 'Dutch', conditions: [] });
    await expectStatus(201, 'POST', '/experiments', { key: 'nl-only', name: 'NL', segments: ['dutch'] });
    const refused = await send('DELETE', '/segments/dutch');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual([{ kind: 'experiment', key: 'nl-only', status: 'draft' }]);
    await expectStatus(200, 'PATCH', '/experiments/nl-only', { segments: [] });
    await expectStatus(204, 'DELETE', '/segments/dutch');
  });

  it('lets viewers read, keeps out other organizations, and names a secret key in the audit log', async () => {
    const { owner, project, base, as, expectStatus } = await projectApi(t);
    await expectStatus(201, 'POST', '/experiments', { key: 'guarded', name: 'Guarded' });
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await as(viewer, { url: `${base}/experiments/guarded` })).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/experiments', { key: 'mine', name: 'Mine' }],
      ['PATCH', '/experiments/guarded', { name: 'Mine' }],
      ['POST', '/experiments/guarded/start', undefined],
      ['DELETE', '/experiments/guarded', undefined],
    ] as const) {
      const response = await as(viewer, { method, url: `${base}${url}`, ...(payload && { payload }) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const stranger = await signUp(t.app, 'stranger');
    expect((await as(stranger, { url: `${base}/experiments/guarded` })).statusCode).toBe(404);
    const strangerWrite = await as(stranger, { method: 'POST', url: `${base}/experiments/guarded/start` });
    expect(strangerWrite.statusCode).toBe(404);
    const otherProject = await createProject(t.app, owner, 'Other');
    const otherKey = await createKey(t.app, owner, otherProject.id);
    expect((await asKey(t.app, otherKey.key, { url: `${base}/experiments` })).statusCode).toBe(404);
    expect((await as(owner, { url: `/api/v1/projects/${otherProject.id}/experiments/guarded` })).statusCode).toBe(404);
    expect((await expectStatus(200, 'GET', '/experiments/guarded')).status).toBe('draft');

    const secret = await createKey(t.app, owner, project.id, 'secret', { protectedEnvironments: true });
    const created = await asKey(t.app, secret.key, {
      method: 'POST',
      url: `${base}/experiments`,
      payload: { key: 'via-api', name: 'Via API' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().owner).toBeNull();
    const started = await asKey(t.app, secret.key, { method: 'POST', url: `${base}/experiments/via-api/start` });
    expect(started.statusCode, started.body).toBe(200);
    const audit = await as(owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=experiment` });
    const entries = audit.json().entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'experiment.started',
      'experiment.created',
      'experiment.created',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { kind: 'api_key', id: secret.id, name: secret.name },
      entityId: created.json().id,
      before: { key: 'via-api', status: 'draft' },
      after: { key: 'via-api', status: 'running' },
    });
    expect(entries[2].actor).toMatchObject({ kind: 'user', id: owner.me.user.id });
  });

  it('keeps a planned duration and a decision rule, checked, and changeable while it runs', async () => {
    const { expectStatus, send } = await projectApi(t);
    const rule = { ship: 'any_primary_wins', guardrails: 'ignore' };
    const created = await expectStatus(201, 'POST', '/experiments', {
      key: 'planned',
      name: 'Planned',
      plannedDays: 14,
      decisionRule: rule,
    });
    expect(created).toMatchObject({ plannedDays: 14, decisionRule: rule });
    const unplanned = await expectStatus(201, 'POST', '/experiments', { key: 'unplanned', name: 'Unplanned' });
    expect(unplanned).toMatchObject({ plannedDays: null, decisionRule: null });
    for (const body of [
      { plannedDays: 0 },
      { plannedDays: 366 },
      { plannedDays: 1.5 },
      { decisionRule: { ship: 'any_primary_wins' } },
      { decisionRule: { ship: 'always', guardrails: 'ignore' } },
      { decisionRule: { ...rule, extra: true } },
    ]) {
      const refused = await send('PATCH', '/experiments/planned', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    await expectStatus(200, 'POST', '/experiments/planned/start');
    const extended = await expectStatus(200, 'PATCH', '/experiments/planned', {
      plannedDays: 21,
      decisionRule: null,
    });
    expect(extended).toMatchObject({ status: 'running', phase: 0, plannedDays: 21, decisionRule: null });
  });

  it('documents every route with its tag and an example body for each write', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>)
      // An experiment's results, alerts and bandit periods are documented with the analysis.
      .filter(([path]) => /\/(experiments|layers)/.test(path) && !/\/(results|alerts|bandit)/.test(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(operations).toHaveLength(15);
    for (const { path, operation } of operations) {
      expect(operation.tags, path).toEqual([path.includes('/layers') ? 'layers' : 'experiments']);
    }
    const withBodies = operations.filter(({ operation }) => operation.requestBody);
    expect(withBodies.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'patch /api/v1/projects/{projectId}/experiments/{experimentKey}',
      'patch /api/v1/projects/{projectId}/layers/{layerKey}',
      'post /api/v1/projects/{projectId}/experiments',
      'post /api/v1/projects/{projectId}/experiments/{experimentKey}/stop',
      'post /api/v1/projects/{projectId}/layers',
    ]);
    for (const { path, operation } of withBodies) {
      const media = (operation.requestBody as { content: Record<string, { example?: unknown }> }).content[
        'application/json'
      ];
      expect(media?.example, path).toEqual(expect.any(Object));
    }
  });
});
