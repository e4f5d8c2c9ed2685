import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, createKey, createProject, signUp } from '../../../test/client';
import { projectApi } from '../../../test/project-api';

const purchase = {
  key: 'purchase',
  name: 'Purchase',
  type: 'conversion',
  source: { kind: 'event', event: 'purchase' },
};
const bounce = { key: 'bounce', name: 'Bounce', type: 'conversion', source: { kind: 'event', event: 'bounce' } };

const settings = {
  kind: 'ab',
  unitAttribute: 'deviceId',
  traffic: 5000,
  conditions: [{ attribute: 'plan', operator: 'in', values: ['pro'] }],
  segments: ['dutch'],
  layer: 'checkout',
  layerSlots: 2500,
  versions: [
    { key: 'control', name: 'Control', weight: 4000, isControl: true },
    { key: 'one-page', name: 'One page', weight: 6000 },
  ],
  metrics: { primary: ['purchase'], secondary: [], guardrails: ['bounce'] },
  autoStop: true,
  plannedDays: 21,
  decisionRule: { ship: 'all_primaries_win', guardrails: 'none_regress' },
};

describe('experiment templates', () => {
  const t = useTestApp();

  /** A project with what the settings above name: a segment, a layer and two metrics. */
  async function stockedProject() {
    const api = await projectApi(t);
    await api.expectStatus(201, 'POST', '/segments', {
      key: 'dutch',
      name: 'Dutch',
      conditions: [{ attribute: 'country', operator: 'eq', values: ['NL'] }],
    });
    await api.expectStatus(201, 'POST', '/layers', { key: 'checkout', name: 'Checkout' });
    await api.expectStatus(201, 'POST', '/metrics', purchase);
    await api.expectStatus(201, 'POST', '/metrics', bounce);
    return api;
  }

  it('saves an experiment as a template: its setup, not its name, page or versions’ params', async () => {
    const { owner, expectStatus } = await stockedProject();
    const { versions, kind, ...rest } = settings;
    const experiment = await expectStatus(201, 'POST', '/experiments', {
      key: 'checkout-flow',
      name: 'Checkout flow',
      hypothesis: 'One page sells more',
      ...rest,
      versions: versions.map((version, index) => ({ ...version, params: { step: index } })),
    });
    expect(experiment).toMatchObject({ plannedDays: 21, decisionRule: settings.decisionRule });

    const template = await expectStatus(201, 'POST', '/experiment-templates', {
      key: 'checkout-test',
      name: 'Checkout test',
      fromExperiment: 'checkout-flow',
    });
    expect(template).toMatchObject({
      key: 'checkout-test',
      name: 'Checkout test',
      description: '',
      settings: { ...settings, versions: versions.map((version) => ({ isControl: false, ...version })) },
      missing: { layer: null, segments: [], metrics: [] },
      createdBy: { id: owner.me.user.id },
    });
    expect(template.settings.versions[0]).not.toHaveProperty('params');
    expect(await expectStatus(200, 'GET', '/experiment-templates/checkout-test')).toEqual(template);
    expect(await expectStatus(200, 'GET', '/experiment-templates')).toEqual({ templates: [template] });

    // A new experiment from the template's settings is accepted as they are.
    const { kind: _kind, ...fields } = template.settings;
    const started = await expectStatus(201, 'POST', '/experiments', { key: 'checkout-2', name: 'Again', ...fields });
    expect(started).toMatchObject({ traffic: 5000, layerSlots: 2500, plannedDays: 21, autoStop: true });
  });

  it('writes, edits and deletes templates from settings, and refuses what is not whole or not there', async () => {
    const { expectStatus, send } = await stockedProject();
    const created = await expectStatus(201, 'POST', '/experiment-templates', {
      key: 'checkout-test',
      name: 'Checkout test',
      description: 'Two weeks on half the shop',
      settings,
    });
    expect(created.settings).toMatchObject(settings);

    const refusals: [Record<string, unknown>, string][] = [
      [{ key: 'none', name: 'None' }, 'Please input either settings or the experiment to take them from'],
      [{ key: 'both', name: 'Both', settings, fromExperiment: 'x' }, 'Please input either settings'],
      [{ key: 'Bad Key', name: 'Bad', settings }, 'Please input valid key'],
      [{ key: 'long', name: 'Long', settings: { ...settings, plannedDays: 366 } }, 'at most 365 days'],
      [{ key: 'short', name: 'Short', settings: { ...settings, plannedDays: 0 } }, 'at least 1 day'],
      [{ key: 'rule', name: 'Rule', settings: { ...settings, decisionRule: { ship: 'gut_feeling' } } }, ''],
      [{ key: 'split', name: 'Split', settings: { ...settings, versions: settings.versions.slice(0, 1) } }, 'Weights'],
      [{ key: 'layer', name: 'Layer', settings: { ...settings, layer: 'gone' } }, 'There is no layer "gone"'],
      [{ key: 'seg', name: 'Segment', settings: { ...settings, segments: ['gone'] } }, 'There is no segment "gone"'],
      [
        { key: 'metric', name: 'Metric', settings: { ...settings, metrics: { primary: ['gone'] } } },
        'There is no metric "gone"',
      ],
      [{ key: 'from', name: 'From', fromExperiment: 'missing' }, 'Experiment not found'],
    ];
    for (const [body, message] of refusals) {
      const response = await send('POST', '/experiment-templates', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(body.fromExperiment === 'missing' ? 404 : 400);
      expect(response.json().error.message).toContain(message);
    }
    const duplicate = await send('POST', '/experiment-templates', { key: 'checkout-test', name: 'Again', settings });
    expect(duplicate.statusCode).toBe(409);

    const edited = await expectStatus(200, 'PATCH', '/experiment-templates/checkout-test', {
      name: 'Checkout, three weeks',
      settings: { ...settings, plannedDays: 28, decisionRule: null },
    });
    expect(edited).toMatchObject({ name: 'Checkout, three weeks', settings: { plannedDays: 28, decisionRule: null } });
    expect((await send('PATCH', '/experiment-templates/checkout-test', {})).statusCode).toBe(400);
    expect((await send('PATCH', '/experiment-templates/missing', { name: 'X' })).statusCode).toBe(404);

    await expectStatus(204, 'DELETE', '/experiment-templates/checkout-test');
    expect((await send('GET', '/experiment-templates/checkout-test')).statusCode).toBe(404);
    expect((await send('DELETE', '/experiment-templates/checkout-test')).statusCode).toBe(404);
  });

  it('refuses a changed setup that is not whole, naming the field at fault, and keeps the setup it had', async () => {
    const { expectStatus, send } = await stockedProject();
    await expectStatus(201, 'POST', '/experiment-templates', { key: 'checkout-test', name: 'Checkout test', settings });
    const [control, treatment] = settings.versions;
    const refusals: [Partial<typeof settings>, string, string][] = [
      [{ versions: [control!, { ...treatment!, weight: 5000 }] }, 'settings.versions', 'Weights add up to 9000'],
      [{ versions: [] }, 'settings.versions', ''],
      [{ versions: [control!, { ...treatment!, isControl: true }] }, 'settings.versions', 'Exactly one version'],
      [{ versions: [control!, { ...treatment!, key: 'control' }] }, 'settings.versions.1.key', 'appears twice'],
      [{ metrics: { primary: ['gone'], secondary: [], guardrails: [] } }, 'settings.metrics', 'no metric "gone"'],
    ];
    for (const [change, path, message] of refusals) {
      const body = { name: 'Renamed', settings: { ...settings, ...change } };
      const response = await send('PATCH', '/experiment-templates/checkout-test', body);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.details, JSON.stringify(change)).toContainEqual({
        path,
        message: expect.stringContaining(message),
      });
    }
    // A refused change changes nothing, its name included.
    const kept = await expectStatus(200, 'GET', '/experiment-templates/checkout-test');
    expect(kept).toMatchObject({
      name: 'Checkout test',
      settings: { versions: settings.versions, metrics: settings.metrics },
    });
  });

  it('says which layer, segments and metrics the project no longer has', async () => {
    const { expectStatus } = await stockedProject();
    await expectStatus(201, 'POST', '/experiment-templates', { key: 'checkout-test', name: 'Checkout', settings });
    await expectStatus(204, 'DELETE', '/segments/dutch');
    await expectStatus(204, 'DELETE', '/layers/checkout');
    await expectStatus(204, 'DELETE', '/metrics/bounce');
    const template = await expectStatus(200, 'GET', '/experiment-templates/checkout-test');
    expect(template.missing).toEqual({ layer: 'checkout', segments: ['dutch'], metrics: ['bounce'] });
    // The template keeps what it was saved with: the missing references are dropped where it is used.
    expect(template.settings.segments).toEqual(['dutch']);
    const [listed] = (await expectStatus(200, 'GET', '/experiment-templates')).templates;
    expect(listed.missing).toEqual(template.missing);
  });

  it('lets viewers read and editors write, keeps each project’s templates apart, and logs who changed them', async () => {
    const { owner, project, base, as, expectStatus } = await stockedProject();
    await expectStatus(201, 'POST', '/experiment-templates', { key: 'checkout-test', name: 'Checkout', settings });

    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await as(viewer, { url: `${base}/experiment-templates/checkout-test` })).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', `${base}/experiment-templates`, { key: 'mine', name: 'Mine', settings }],
      ['PATCH', `${base}/experiment-templates/checkout-test`, { name: 'Mine' }],
      ['DELETE', `${base}/experiment-templates/checkout-test`, undefined],
    ] as const) {
      expect((await as(viewer, { method, url, ...(payload && { payload }) })).statusCode, method).toBe(403);
    }
    const editor = await addMember(t.app, owner, 'editor');
    const renamed = await as(editor, {
      method: 'PATCH',
      url: `${base}/experiment-templates/checkout-test`,
      payload: { name: 'Checkout test' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const stranger = await signUp(t.app, 'stranger');
    expect((await as(stranger, { url: `${base}/experiment-templates` })).statusCode).toBe(404);
    const other = await createProject(t.app, owner, 'Other');
    const otherBase = `/api/v1/projects/${other.id}`;
    expect((await as(owner, { url: `${otherBase}/experiment-templates` })).json()).toEqual({ templates: [] });
    expect((await as(owner, { url: `${otherBase}/experiment-templates/checkout-test` })).statusCode).toBe(404);
    const otherKey = await createKey(t.app, owner, other.id);
    expect((await asKey(t.app, otherKey.key, { url: `${base}/experiment-templates` })).statusCode).toBe(404);
    // An experiment of another project cannot be saved as a template here.
    await as(owner, { method: 'POST', url: `${otherBase}/experiments`, payload: { key: 'elsewhere', name: 'Else' } });
    const across = await as(owner, {
      method: 'POST',
      url: `${base}/experiment-templates`,
      payload: { key: 'across', name: 'Across', fromExperiment: 'elsewhere' },
    });
    expect(across.statusCode).toBe(404);

    const audit = await as(owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=experiment_template` });
    expect(audit.json().entries).toMatchObject([
      {
        action: 'experiment_template.updated',
        actor: { kind: 'user', id: editor.me.user.id },
        before: { key: 'checkout-test', name: 'Checkout' },
        after: { key: 'checkout-test', name: 'Checkout test' },
      },
      { action: 'experiment_template.created', actor: { kind: 'user', id: owner.me.user.id }, after: { settings } },
    ]);
  });

  it('documents every route under its tag with an example body for each write', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => path.includes('/experiment-templates'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(operations).toHaveLength(5);
    for (const { path, operation } of operations) expect(operation.tags, path).toEqual(['experiment-templates']);
    const withBodies = operations.filter(({ operation }) => operation.requestBody);
    expect(withBodies.map(({ method }) => method).sort()).toEqual(['patch', 'post']);
    for (const { path, operation } of withBodies) {
      const media = (operation.requestBody as { content: Record<string, { example?: unknown }> }).content[
        'application/json'
      ];
      expect(media?.example, path).toEqual(expect.any(Object));
    }
  });
});
