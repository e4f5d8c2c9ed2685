import { type EditorSession, type EditorToken, MAX_EXPERIMENT_METRICS } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call } from '../../../test/client';
import { projectApi } from '../../../test/project-api';

const SHOP = 'https://shop.example.com';
const BUY = { name: 'Buy button', selector: '#buy' };

describe('click goals picked in the visual editor', () => {
  const t = useTestApp();

  /** A project with a draft visual experiment, an editor token of its owner, and the goal call with that token. */
  async function opened() {
    const api = await projectApi(t);
    await api.expectStatus(201, 'POST', '/experiments', {
      key: 'hero',
      kind: 'visual',
      name: 'Hero',
      page: { url: `${SHOP}/landing`, match: 'exact' },
    });
    const { token } = (await api.expectStatus(201, 'POST', '/experiments/hero/editor-token')) as EditorToken;
    const track = (payload: Record<string, unknown>, as = token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/editor/goals',
        headers: { origin: SHOP, authorization: `Bearer ${as}` },
        payload: { experimentKey: 'hero', ...payload },
      });
    /** The metric library and the experiment's metrics: what a refused call must leave as it was. */
    const state = async () => ({
      metrics: (await api.expectStatus(200, 'GET', '/metrics?status=all')).metrics.map(
        ({ key, name, source }: { key: string; name: string; source: unknown }) => ({ key, name, source }),
      ),
      experiment: (await api.expectStatus(200, 'GET', '/experiments/hero')).metrics,
    });
    return { ...api, token, track, state };
  }

  it('makes a click metric of the goal, measures it as secondary, audits it and lists it in the session', async () => {
    const { track, expectStatus, owner, project } = await opened();
    const response = await track(BUY);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect((response.json() as EditorSession).goals).toEqual([{ key: 'buy-button', ...BUY }]);

    expect(await expectStatus(200, 'GET', '/metrics/buy-button')).toMatchObject({
      name: 'Buy button',
      type: 'conversion',
      source: { kind: 'click', selector: '#buy' },
      experiments: [{ key: 'hero', roles: ['secondary'] }],
    });
    expect((await expectStatus(200, 'GET', '/experiments/hero')).metrics).toEqual({
      primary: [],
      secondary: ['buy-button'],
      guardrails: [],
    });
    const audit = (await call(t.app, owner, { url: `/api/v1/audit?projectId=${project.id}` })).json();
    const actions = audit.entries.map((entry: { action: string; actor: { id: string } }) => [
      entry.action,
      entry.actor.id,
    ]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['metric.created', owner.me.user.id],
        ['experiment.updated', owner.me.user.id],
      ]),
    );

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/editor/goals',
      headers: { origin: SHOP, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
  });

  it('reuses the click metric the project has for the selector, and measures it once', async () => {
    const { track, expectStatus, state } = await opened();
    await expectStatus(201, 'POST', '/metrics', {
      key: 'buy-clicks',
      name: 'Buy clicks',
      type: 'count',
      source: { kind: 'click', selector: '#buy' },
    });
    const first = await track({ ...BUY, selector: '  #buy ' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await track({ name: 'Another name', selector: '#buy' });
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as EditorSession).goals).toEqual([
      { key: 'buy-clicks', name: 'Buy clicks', selector: '#buy' },
    ]);
    const after = await state();
    expect(after.metrics.map((metric: { key: string }) => metric.key)).toEqual(['buy-clicks']);
    expect(after.experiment.secondary).toEqual(['buy-clicks']);

    // A metric the experiment has as primary stays there, and is not measured twice.
    await expectStatus(201, 'POST', '/metrics', {
      key: 'signup',
      name: 'Sign up',
      type: 'conversion',
      source: { kind: 'click', selector: '.signup' },
    });
    await expectStatus(200, 'PATCH', '/experiments/hero', {
      metrics: { primary: ['signup'], secondary: ['buy-clicks'], guardrails: [] },
    });
    const primary = await track({ name: 'Sign up', selector: '.signup' });
    expect((primary.json() as EditorSession).goals.map((goal) => goal.key)).toEqual(['signup', 'buy-clicks']);
    expect((await state()).experiment).toEqual({ primary: ['signup'], secondary: ['buy-clicks'], guardrails: [] });
  });

  it('names a goal without Latin letters by its selector', async () => {
    const { track } = await opened();
    const response = await track({ name: '加入购物车', selector: 'main > button.add' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as EditorSession).goals).toEqual([
      { key: 'click-main-button-add', name: '加入购物车', selector: 'main > button.add' },
    ]);
  });

  it('refuses bad bodies, taken names and other experiments, and changes nothing', async () => {
    const { track, expectStatus, state } = await opened();
    await expectStatus(201, 'POST', '/metrics', {
      key: 'add-to-cart',
      name: 'Add to cart',
      type: 'conversion',
      source: { kind: 'event', event: 'add_to_cart' },
    });
    const before = await state();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ name: 'Buy', selector: '   ' }, 400, /Please input selector/],
      [{ name: '', selector: '#buy' }, 400, /Please input name/],
      [{ name: 'x'.repeat(101), selector: '#buy' }, 400, /./],
      [{ selector: '#buy' }, 400, /./],
      [{ name: 'Buy', selector: '#buy', type: 'count' }, 400, /./],
      [{ name: 'Buy', selector: `#${'b'.repeat(1000)}` }, 400, /./],
      [{ ...BUY, experimentKey: 'Not a key' }, 400, /valid key/],
      [{ name: 'Add to cart', selector: '#cart' }, 409, /^This project already has a metric with key "add-to-cart"$/],
      [{ ...BUY, experimentKey: 'another' }, 403, /opened for experiment "hero", not "another"/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await track(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error.message).toMatch(message);
    }
    expect(await state()).toEqual(before);
  });

  it('refuses a goal past the most secondary metrics an experiment measures, and changes nothing', async () => {
    const { track, expectStatus, state } = await opened();
    const keys = Array.from({ length: MAX_EXPERIMENT_METRICS.secondary }, (_, index) => `event-${index}`);
    for (const key of keys) {
      await expectStatus(201, 'POST', '/metrics', {
        key,
        name: key,
        type: 'count',
        source: { kind: 'event', event: key },
      });
    }
    await expectStatus(200, 'PATCH', '/experiments/hero', { metrics: { secondary: keys } });
    const before = await state();
    const refused = await track(BUY);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Experiment "hero" already has 50 secondary metrics: remove one before adding another',
    );
    expect(await state()).toEqual(before);
  });

  it('refuses viewers, and stopped or archived experiments with the message a save gets; running ones take goals', async () => {
    const { track, token, expectStatus, owner, as, base, state } = await opened();
    const member = await addMember(t.app, owner, 'editor');
    const made = await as(member, { method: 'POST', url: `${base}/experiments/hero/editor-token` });
    const memberToken = (made.json() as EditorToken).token;
    const demote = await as(owner, {
      method: 'PUT',
      url: `${base}/members/${member.me.user.id}`,
      payload: { role: 'viewer', protectedEnvironments: false },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    const viewer = await track(BUY, memberToken);
    expect([viewer.statusCode, viewer.json().error.message]).toEqual([
      403,
      'Whoever opened this visual editor may no longer edit experiments',
    ]);

    expect((await track(BUY)).statusCode).toBe(200);
    await expectStatus(200, 'POST', '/experiments/hero/start');
    const running = await track({ name: 'Sign up', selector: '.signup' });
    expect(running.statusCode, running.body).toBe(200);
    await expectStatus(200, 'POST', '/experiments/hero/stop', { outcome: 'inconclusive' });
    const before = await state();
    expect(before.experiment.secondary).toEqual(['buy-button', 'sign-up']);
    // Refused even for a goal it measures already: nothing about what it measures may change any more.
    for (const status of ['stopped', 'archived']) {
      if (status === 'archived') await expectStatus(200, 'POST', '/experiments/hero/archive');
      const save = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/editor/versions',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          experimentKey: 'hero',
          versions: ['control', 'treatment'].map((key) => ({ key, name: key, changeRecords: [] })),
        },
      });
      for (const goal of [BUY, { name: 'Footer link', selector: 'footer a' }]) {
        const refused = await track(goal);
        expect([refused.statusCode, refused.json().error.message]).toEqual([409, save.json().error.message]);
      }
      expect(save.json().error.message).toBe(`Experiment "hero" is ${status}: only its name and hypothesis can change`);
    }
    expect(await state()).toEqual(before);
  });
});
