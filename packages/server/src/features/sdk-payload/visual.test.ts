import { type ChangeRecord, sdkPayloadSchema, toElementRules } from '@tabula/protocol';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { fetchPayload } from '../../../test/sdk';
import { experiment, experimentVersion } from '../../db/schema';

const heading: ChangeRecord = { selector: 'h1', type: '', key: 'textContent', value: 'Half price today' };
const colour: ChangeRecord = { selector: 'h1', type: 'style', key: 'backgroundColor', value: '#ff0' };

describe('SDK payload for visual experiments', () => {
  const t = useTestApp();

  it('carries each visual version’s change records as element rules, and the page they apply to', async () => {
    const { owner, project, expectStatus } = await projectApi(t);
    await expectStatus(201, 'POST', '/experiments', {
      key: 'hero',
      kind: 'visual',
      name: 'Hero',
      page: { url: 'https://shop.example/*', match: 'fuzzy' },
    });
    await expectStatus(201, 'POST', '/experiments', { key: 'pricing', name: 'Pricing' });
    // Saved as the visual editor saves them. A record the schema refuses (no key) is left out; the version's other
    // changes still apply.
    const broken = { selector: 'h2', type: 'style' };
    const [hero] = await t.database.db
      .select({ id: experiment.id })
      .from(experiment)
      .where(and(eq(experiment.projectId, project.id), eq(experiment.key, 'hero')));
    await t.database.db
      .update(experimentVersion)
      .set({ changeRecords: [heading, broken, colour] })
      .where(and(eq(experimentVersion.experimentId, hero!.id), eq(experimentVersion.key, 'treatment')));
    await expectStatus(200, 'POST', '/experiments/hero/start');
    await expectStatus(200, 'POST', '/experiments/pricing/start');

    const key = await createKey(t.app, owner, project.id, 'client');
    const payload = sdkPayloadSchema.parse((await fetchPayload(t.app, key.key)).json());
    const delivered = payload.experiments.find((experiment) => experiment.key === 'hero')!;
    expect(delivered.page).toEqual({ url: 'https://shop.example/*', match: 'fuzzy' });
    expect(delivered.versions.map((version) => [version.key, version.elementRules])).toEqual([
      ['control', []],
      ['treatment', toElementRules([heading, colour])],
    ]);
    expect(delivered.versions[1]!.elementRules).toEqual([
      {
        selector: 'h1',
        attributes: [],
        operations: [
          { type: 'text', value: 'Half price today' },
          { type: 'style', name: 'background-color', value: '#ff0' },
        ],
      },
    ]);
    // An A/B experiment changes no page.
    const pricing = payload.experiments.find((experiment) => experiment.key === 'pricing')!;
    expect(pricing.versions.every((version) => !('elementRules' in version))).toBe(true);
  });

  it('carries the selectors of the click metrics that running experiments use', async () => {
    const { owner, project, expectStatus } = await projectApi(t);
    const metric = (key: string, source: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      expectStatus(201, 'POST', '/metrics', { key, name: key, type: 'count', source, ...extra });
    await metric('buy-clicks', { kind: 'click', selector: '#buy' });
    await metric('cart-clicks', { kind: 'click', selector: '.cart button' });
    await metric('draft-clicks', { kind: 'click', selector: '#never-running' });
    await metric('purchases', { kind: 'event', event: 'purchase' });
    await metric('views', { kind: 'pageview', url: 'https://shop.example/' });
    await metric(
      'buys-per-banner-click',
      { kind: 'event', event: 'purchase' },
      {
        type: 'ratio',
        ratio: {
          numerator: 'count',
          denominator: { source: { kind: 'click', selector: '#banner' }, aggregate: 'count' },
        },
      },
    );
    await expectStatus(201, 'POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      metrics: { primary: ['buy-clicks'], secondary: ['purchases', 'views'], guardrails: ['buys-per-banner-click'] },
    });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'cart',
      name: 'Cart',
      metrics: { primary: ['cart-clicks', 'buy-clicks'] },
    });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'draft',
      name: 'Draft',
      metrics: { primary: ['draft-clicks'] },
    });
    await expectStatus(200, 'POST', '/experiments/checkout/start');
    await expectStatus(200, 'POST', '/experiments/cart/start');
    // Archived, the metric still measures the experiments that use it.
    await expectStatus(200, 'POST', '/metrics/cart-clicks/archive');

    const key = await createKey(t.app, owner, project.id, 'client');
    const payload = sdkPayloadSchema.parse((await fetchPayload(t.app, key.key)).json());
    expect(payload.clickSelectors).toEqual(['#banner', '#buy', '.cart button']);
  });

  it('carries no click selectors when no running experiment counts clicks', async () => {
    const { owner, project } = await projectApi(t);
    const key = await createKey(t.app, owner, project.id, 'client');
    expect((await fetchPayload(t.app, key.key)).json().clickSelectors).toEqual([]);
  });

  it('carries a version’s style sheet, redirect and removed or inserted elements, and serves its script by digest', async () => {
    const { owner, project, expectStatus } = await projectApi(t);
    await expectStatus(201, 'POST', '/experiments', {
      key: 'landing',
      kind: 'visual',
      name: 'Landing',
      page: { url: 'https://shop.example/', match: 'exact' },
    });
    const page = (type: 'css' | 'script' | 'redirect', value: string): ChangeRecord => ({
      selector: 'html',
      type,
      key: '',
      value,
    });
    const records: ChangeRecord[] = [
      { selector: '#promo', type: 'remove', key: '', value: '' },
      { selector: 'h1', type: 'insert', key: 'button', value: 'buy', insertOrder: 'after' },
      page('css', '.hero { color: teal }'),
      page('script', 'window.ran = true;'),
      page('redirect', '/landing-b'),
    ];
    const [landing] = await t.database.db
      .select({ id: experiment.id })
      .from(experiment)
      .where(and(eq(experiment.projectId, project.id), eq(experiment.key, 'landing')));
    await t.database.db
      .update(experimentVersion)
      .set({ changeRecords: records })
      .where(and(eq(experimentVersion.experimentId, landing!.id), eq(experimentVersion.key, 'treatment')));
    await expectStatus(200, 'POST', '/experiments/landing/start');
    const key = await createKey(t.app, owner, project.id, 'client');
    const treatment = async () =>
      sdkPayloadSchema.parse((await fetchPayload(t.app, key.key)).json()).experiments[0]!.versions[1]!;

    // Custom scripts are off: the version's script is not served.
    const off = await treatment();
    expect(off).toMatchObject({ css: '.hero { color: teal }', redirect: '/landing-b' });
    expect(off.script).toBeUndefined();
    expect(off.elementRules).toEqual([
      { selector: '#promo', attributes: [], operations: [{ type: 'remove' }] },
      {
        selector: 'h1',
        attributes: [],
        operations: [{ type: 'insert', kind: 'button', id: 'buy', position: 'after' }],
      },
    ]);

    await expectStatus(200, 'PATCH', '', { customScripts: true });
    const on = await treatment();
    expect(on.script).toMatch(new RegExp(`^/sdk/v1/scripts/${project.id}/[\\w-]{22}\\.js$`));
    const served = await t.app.inject({ url: on.script!, headers: { origin: 'https://shop.example' } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('window.ran = true;');
    expect(served.headers['content-type']).toMatch(/^application\/javascript/);
    expect(served.headers['cache-control']).toContain('immutable');

    const missing = on.script!.replace(/[\w-]{22}\.js$/, `${'a'.repeat(22)}.js`);
    expect((await t.app.inject({ url: missing })).statusCode).toBe(404);
    expect((await t.app.inject({ url: on.script!.replace(/\.js$/, '.txt') })).statusCode).toBe(400);
    await expectStatus(200, 'PATCH', '', { customScripts: false });
    expect((await t.app.inject({ url: on.script! })).statusCode).toBe(404);
  });
});
