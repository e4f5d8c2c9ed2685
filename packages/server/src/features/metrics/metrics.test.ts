import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, asKey, call, createKey, signUp } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { fetchPayload } from '../../../test/sdk';
import { createExamples, updateExample } from './examples';

const purchase = { kind: 'event', event: 'purchase' };
const revenue = { key: 'revenue', name: 'Revenue', type: 'sum', source: purchase, tags: ['checkout'] };
const paths = (body: { error: { details: { path: string }[] } }) => body.error.details.map((issue) => issue.path);

describe('metric library', () => {
  const t = useTestApp();

  it('creates a metric with the defaults, edits it, archives, restores and deletes it, auditing each', async () => {
    const { owner, project, as, expectStatus, send } = await projectApi(t);
    const created = await expectStatus(201, 'POST', '/metrics', revenue);
    expect(created).toMatchObject({
      key: 'revenue',
      name: 'Revenue',
      description: '',
      tags: ['checkout'],
      type: 'sum',
      source: { kind: 'event', event: 'purchase', filter: null },
      ratio: null,
      windowHours: 72,
      direction: 'higher',
      capping: { kind: 'none' },
      cuped: { enabled: true, lookbackDays: 14 },
      experiments: [],
      archivedAt: null,
    });
    expect(await expectStatus(200, 'GET', '/metrics/revenue')).toEqual(created);
    const duplicate = await send('POST', '/metrics', revenue);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('This project already has a metric with key "revenue"');

    const edited = await expectStatus(200, 'PATCH', '/metrics/revenue', {
      windowHours: null,
      capping: { kind: 'percentile', value: 0.99 },
      cuped: { enabled: false, lookbackDays: 7 },
    });
    expect(edited).toMatchObject({
      windowHours: null,
      capping: { kind: 'percentile', value: 0.99 },
      cuped: { enabled: false, lookbackDays: 7 },
    });
    // The same values again change nothing, so nothing is audited.
    expect(await expectStatus(200, 'PATCH', '/metrics/revenue', { windowHours: null })).toEqual(edited);

    const archived = await expectStatus(200, 'POST', '/metrics/revenue/archive');
    expect(archived.archivedAt).not.toBeNull();
    expect((await expectStatus(200, 'GET', '/metrics')).metrics).toEqual([]);
    expect((await expectStatus(200, 'GET', '/metrics?status=archived')).metrics).toHaveLength(1);
    expect((await expectStatus(200, 'POST', '/metrics/revenue/restore')).archivedAt).toBeNull();

    await expectStatus(204, 'DELETE', '/metrics/revenue');
    expect((await send('GET', '/metrics/revenue')).statusCode).toBe(404);
    const audit = (await as(owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=metric` })).json();
    expect(audit.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'metric.deleted',
      'metric.restored',
      'metric.archived',
      'metric.updated',
      'metric.created',
    ]);
    expect(audit.entries[3]).toMatchObject({ before: { windowHours: 72 }, after: { windowHours: null } });
  });

  it('refuses bad definitions field by field, and rules across fields on the edited whole', async () => {
    const { send, expectStatus } = await projectApi(t);
    const refused = async (method: 'POST' | 'PATCH', path: string, payload: Record<string, unknown>) => {
      const response = await send(method, path, payload);
      expect(response.statusCode, response.body).toBe(400);
      return response.json();
    };
    const base = { key: 'metric', name: 'Metric' };
    expect(paths(await refused('POST', '/metrics', { ...base, source: purchase }))).toEqual(['type']);
    expect(paths(await refused('POST', '/metrics', { ...base, type: 'count' }))).toEqual(['source']);
    const noDenominator = await refused('POST', '/metrics', { ...base, type: 'ratio', source: purchase });
    expect(noDenominator.error.details).toEqual([
      { path: 'ratio', message: 'Please input denominator: a ratio metric divides by a second source' },
    ]);
    const pageviewSum = { ...base, type: 'sum', source: { kind: 'pageview', url: 'https://shop.example/thanks' } };
    expect(paths(await refused('POST', '/metrics', pageviewSum))).toEqual(['source']);
    const percentile = { ...base, type: 'count', source: purchase, capping: { kind: 'percentile', value: 1.5 } };
    expect((await refused('POST', '/metrics', percentile)).error.details).toEqual([
      { path: 'capping.value', message: 'Please input valid percentile: between 0 and 1, e.g. 0.99' },
    ]);
    const reserved = { ...base, type: 'count', source: { kind: 'event', event: '$click' } };
    expect(paths(await refused('POST', '/metrics', reserved))).toEqual(['source.event']);
    const filtered = {
      ...base,
      type: 'count',
      source: { ...purchase, filter: { property: 'amount', operator: 'lt', value: 'cheap' } },
    };
    expect(paths(await refused('POST', '/metrics', filtered))).toEqual(['source.filter.value']);
    expect(paths(await refused('POST', '/metrics', { ...base, type: 'count', source: purchase, owner: 'me' }))).toEqual(
      ['owner'],
    );

    await expectStatus(201, 'POST', '/metrics', { ...base, type: 'count', source: purchase });
    const toRatio = await refused('PATCH', '/metrics/metric', { type: 'ratio' });
    expect(paths(toRatio)).toEqual(['ratio']);
    const clicks = await refused('PATCH', '/metrics/metric', {
      type: 'sum',
      source: { kind: 'click', selector: '#buy' },
    });
    expect(paths(clicks)).toEqual(['source']);
    expect(paths(await refused('PATCH', '/metrics/metric', {}))).toEqual(['']);
    expect(paths(await refused('PATCH', '/metrics/metric', { key: 'renamed', name: 'Renamed' }))).toEqual(['key']);
    const ratio = await expectStatus(200, 'PATCH', '/metrics/metric', {
      type: 'ratio',
      ratio: { numerator: 'sum', denominator: { source: { kind: 'event', event: 'order' }, aggregate: 'count' } },
    });
    expect(ratio).toMatchObject({ type: 'ratio', ratio: { numerator: 'sum' } });
    // Back to a count, the denominator must go too: a count has none.
    expect(paths(await refused('PATCH', '/metrics/metric', { type: 'count' }))).toEqual(['ratio']);
    expect((await expectStatus(200, 'PATCH', '/metrics/metric', { type: 'count', ratio: null })).ratio).toBeNull();
  });

  it('searches, filters, sorts and pages the list', async () => {
    const { expectStatus } = await projectApi(t);
    await expectStatus(201, 'POST', '/metrics', revenue);
    await expectStatus(201, 'POST', '/metrics', {
      key: 'signup',
      name: 'Sign-up',
      description: 'Created an account',
      type: 'conversion',
      source: { kind: 'pageview', url: 'https://shop.example/welcome' },
    });
    await expectStatus(201, 'POST', '/metrics', {
      key: 'add-to-cart',
      name: 'Add to cart',
      type: 'count',
      source: { kind: 'click', selector: 'button.add' },
      tags: ['checkout'],
    });
    const keys = async (query: string) =>
      (await expectStatus(200, 'GET', `/metrics${query}`)).metrics.map((metric: { key: string }) => metric.key);
    expect(await keys('')).toEqual(['add-to-cart', 'revenue', 'signup']);
    expect(await keys('?search=ACCOUNT')).toEqual(['signup']);
    expect(await keys('?search=%25')).toEqual([]);
    expect(await keys('?type=count')).toEqual(['add-to-cart']);
    expect(await keys('?tag=checkout&sort=name&order=desc')).toEqual(['revenue', 'add-to-cart']);
    const page = await expectStatus(200, 'GET', '/metrics?limit=2&offset=1');
    expect(page).toMatchObject({ total: 3, nextOffset: null });
    expect(page.metrics.map((metric: { key: string }) => metric.key)).toEqual(['revenue', 'signup']);
    expect((await expectStatus(200, 'GET', '/metrics?limit=1')).nextOffset).toBe(1);
    expect((await expectStatus(400, 'GET', '/metrics?type=median')).error.details[0].path).toBe('type');
  });

  it('lets experiments use only metrics of the library, and keeps used metrics from being deleted', async () => {
    const { expectStatus, send } = await projectApi(t);
    await expectStatus(201, 'POST', '/metrics', revenue);
    const unknown = await send('POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      metrics: { primary: ['revenue'], guardrails: ['bounce'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      { path: 'metrics.guardrails.0', message: 'There is no metric "bounce"' },
    ]);
    expect((await send('GET', '/experiments/checkout')).statusCode).toBe(404);

    await expectStatus(201, 'POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      metrics: { primary: ['revenue'] },
    });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'banner',
      name: 'Banner',
      metrics: { secondary: ['revenue'], guardrails: ['revenue'] },
    });
    const edit = await send('PATCH', '/experiments/banner', { metrics: { primary: ['nope'] } });
    expect(edit.json().error.details).toEqual([{ path: 'metrics.primary.0', message: 'There is no metric "nope"' }]);
    // An archived metric is still in the library: experiments that use it keep it.
    await expectStatus(200, 'POST', '/metrics/revenue/archive');
    await expectStatus(200, 'PATCH', '/experiments/banner', { name: 'Banner', metrics: { secondary: ['revenue'] } });

    const usage = [
      { key: 'banner', name: 'Banner', status: 'draft', roles: ['secondary'] },
      { key: 'checkout', name: 'Checkout', status: 'draft', roles: ['primary'] },
    ];
    expect((await expectStatus(200, 'GET', '/metrics/revenue')).experiments).toEqual(usage);
    const refused = await send('DELETE', '/metrics/revenue');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'conflict',
      message: 'Metric "revenue" is used by experiments: remove it from these first',
      details: usage,
    });
    await expectStatus(204, 'DELETE', '/experiments/checkout');
    await expectStatus(200, 'PATCH', '/experiments/banner', { metrics: { secondary: [] } });
    await expectStatus(204, 'DELETE', '/metrics/revenue');
  });

  it('reaches SDKs: a new selector of a click metric a running experiment uses is in the next payload', async () => {
    const { owner, project, expectStatus } = await projectApi(t);
    const clicks = {
      key: 'buy-clicks',
      name: 'Buy clicks',
      type: 'count',
      source: { kind: 'click', selector: '#buy' },
    };
    await expectStatus(201, 'POST', '/metrics', clicks);
    await expectStatus(201, 'POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      metrics: { primary: ['buy-clicks'] },
    });
    await expectStatus(200, 'POST', '/experiments/checkout/start');
    const client = await createKey(t.app, owner, project.id, 'client');
    expect((await fetchPayload(t.app, client.key)).json().clickSelectors).toEqual(['#buy']);
    await expectStatus(200, 'PATCH', '/metrics/buy-clicks', { source: { kind: 'click', selector: 'button.buy' } });
    expect((await fetchPayload(t.app, client.key)).json().clickSelectors).toEqual(['button.buy']);
  });

  it('takes secret keys, lets viewers read only, and keeps strangers and other projects out', async () => {
    const { owner, project, base } = await projectApi(t);
    const secret = await createKey(t.app, owner, project.id, 'secret');
    const created = await asKey(t.app, secret.key, { method: 'POST', url: `${base}/metrics`, payload: revenue });
    expect(created.statusCode, created.body).toBe(201);
    const audit = await call(t.app, owner, { url: `/api/v1/audit?projectId=${project.id}&entityType=metric` });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'metric.created',
      actor: { kind: 'api_key', id: secret.id },
    });

    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await call(t.app, viewer, { url: `${base}/metrics/revenue` })).statusCode).toBe(200);
    for (const write of [
      { method: 'PATCH' as const, url: `${base}/metrics/revenue`, payload: { name: 'Nope' } },
      { method: 'POST' as const, url: `${base}/metrics/revenue/archive` },
      { method: 'DELETE' as const, url: `${base}/metrics/revenue` },
    ]) {
      expect((await call(t.app, viewer, write)).statusCode, `${write.method} ${write.url}`).toBe(403);
    }
    const editor = await addMember(t.app, owner, 'editor');
    const renamed = await call(t.app, editor, {
      method: 'PATCH',
      url: `${base}/metrics/revenue`,
      payload: { name: 'Revenue per visitor' },
    });
    expect(renamed.statusCode).toBe(200);

    const stranger = await signUp(t.app, 'stranger');
    expect((await call(t.app, stranger, { url: `${base}/metrics/revenue` })).statusCode).toBe(404);
    const other = await projectApi(t);
    expect((await other.send('GET', '/metrics/revenue')).statusCode).toBe(404);
  });

  it('documents every route under the metrics tag, with example bodies', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => path.includes('/metrics'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(
      operations.map(({ method, path }) => `${method} ${path.replace('/api/v1/projects/{projectId}', '')}`),
    ).toEqual(
      expect.arrayContaining([
        'get /metrics',
        'post /metrics',
        'get /metrics/{metricKey}',
        'patch /metrics/{metricKey}',
        'delete /metrics/{metricKey}',
        'post /metrics/{metricKey}/archive',
        'post /metrics/{metricKey}/restore',
        'get /metrics/{metricKey}/baseline',
      ]),
    );
    expect(operations).toHaveLength(8);
    for (const { path, operation } of operations) expect(operation.tags, path).toEqual(['metrics']);
    const create = document.paths['/api/v1/projects/{projectId}/metrics'].post.requestBody.content['application/json'];
    const examples = Object.values(create.examples as Record<string, { value: { type: string } }>);
    expect(examples.map((example) => example.value.type)).toEqual(['sum', 'ratio', 'conversion', 'count']);
    const { expectStatus } = await projectApi(t);
    for (const example of createExamples) await expectStatus(201, 'POST', '/metrics', example);
    await expectStatus(200, 'PATCH', `/metrics/${createExamples[0]!.key}`, updateExample);
  });
});
