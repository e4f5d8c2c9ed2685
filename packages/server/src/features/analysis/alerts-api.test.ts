import type { Experiment, ExperimentAlert } from '@tabula/protocol';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call, createKey, createProject, signUp } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { webhookDelivery } from '../../db/schema';
import { createLimiter } from './limiter';
import { refreshDue } from './scheduler';

type Api = Awaited<ReturnType<typeof projectApi>>;
const TWO_VERSIONS = [
  { key: 'control', name: 'Control', weight: 5000, isControl: true, params: { 'checkout-v2': false } },
  { key: 'treatment', name: 'Treatment', weight: 5000, isControl: false, params: { 'checkout-v2': true } },
];

/**
 * Exposures of `units` per version and, for the first `errorRate` × units of each, an `error` event: the guardrail
 * "errors" (lower is better) reads those rates.
 */
function visits(units: Record<string, number>, errorRate: Record<string, number>, at: number) {
  return Object.entries(units).flatMap(([version, count]) =>
    Array.from({ length: count }, (_, index) => {
      const unitId = `${version}-${index}`;
      const exposure = { id: `exp-${unitId}`, type: 'exposure', at, unitId, experiment: 'checkout', version };
      if (index >= (errorRate[version] ?? 0) * count) return [exposure];
      return [exposure, { id: `err-${unitId}`, type: 'track', at: at + 1000, unitId, event: 'error' }];
    }).flat(),
  );
}

describe('experiment alerts', () => {
  const t = useTestApp();

  /** A running experiment "checkout" with the guardrail "errors", a webhook for alerts and stops, and its events. */
  async function running(
    api: Api,
    options: { autoStop: boolean; versions?: typeof TWO_VERSIONS; events: Record<string, unknown>[] },
  ) {
    const { expectStatus, owner, project } = api;
    const hook = await expectStatus(201, 'POST', '/webhooks', {
      name: 'On call',
      url: 'http://127.0.0.1:4399/hook',
      events: ['experiment.alert_raised', 'experiment.stopped', 'experiment.srm_detected'],
    });
    await expectStatus(201, 'POST', '/metrics', {
      key: 'errors',
      name: 'Errors',
      type: 'conversion',
      direction: 'lower',
      source: { kind: 'event', event: 'error' },
    });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      versions: options.versions ?? TWO_VERSIONS,
      metrics: { guardrails: ['errors'] },
      autoStop: options.autoStop,
    });
    // A flag rule serves the experiment: stopping with a rollback makes it serve the control's value.
    await expectStatus(201, 'POST', '/flags', { key: 'checkout-v2', name: 'Checkout v2', type: 'boolean' });
    await expectStatus(200, 'PUT', '/flags/checkout-v2/environments/production', {
      enabled: true,
      rules: [{ id: 'exp', serve: { kind: 'experiment', experiment: 'checkout' } }],
    });
    await expectStatus(200, 'POST', '/experiments/checkout/start');
    const key = await createKey(t.app, owner, project.id, 'client');
    for (let start = 0; start < options.events.length; start += 500) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/sdk/v1/events/${key.key}`,
        payload: { events: options.events.slice(start, start + 500) },
      });
      expect(response.statusCode).toBe(202);
    }
    // The refresh covers events up to when it begins: wait until the events' clocks are past.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    return hook as { id: string };
  }

  async function refresh({ expectStatus }: Api) {
    await expectStatus(202, 'POST', '/experiments/checkout/results/refresh');
    await expect
      .poll(async () => (await expectStatus(200, 'GET', '/experiments/checkout/results')).refreshing, {
        timeout: 20_000,
      })
      .toBeNull();
  }

  const deliveries = async (webhookId: string) =>
    (await t.database.db.select().from(webhookDelivery).where(eq(webhookDelivery.webhookId, webhookId))).map(
      (row) => row.body as { type: string; actor: unknown; data: Record<string, unknown> },
    );

  const auditActions = async (api: Api) => {
    const response = await call(t.app, api.owner, { url: `/api/v1/audit?projectId=${api.project.id}&limit=100` });
    return (response.json().entries as { action: string; actor: { kind: string } }[]).filter(
      (entry) => entry.action === 'experiment.alert_raised' || entry.action === 'experiment.stopped',
    );
  };

  it('raises a guardrail regression once over two refreshes, audits and announces it, and leaves it running', async () => {
    const api = await projectApi(t);
    const events = visits({ control: 1000, treatment: 1000 }, { control: 0.05, treatment: 0.15 }, Date.now() + 1000);
    const hook = await running(api, { autoStop: false, events });
    await refresh(api);
    await refresh(api);

    const { alerts }: { alerts: ExperimentAlert[] } = await api.expectStatus(
      200,
      'GET',
      '/experiments/checkout/alerts',
    );
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert).toMatchObject({
      kind: 'guardrail_regression',
      metric: 'errors',
      version: 'treatment',
      phase: 0,
      stoppedExperiment: false,
      figures: { direction: 'lower', alpha: 0.05 },
    });
    if (alert?.kind !== 'guardrail_regression') throw new Error('not a regression');
    expect(alert.figures.estimate).toBeCloseTo(2, 10);
    expect(alert.figures.ci[0]).toBeGreaterThan(0);
    expect(alert.figures.adjustedPValue).toBeLessThan(0.05);

    const sent = await deliveries(hook.id);
    expect(sent.map((body) => body.type)).toEqual(['experiment.alert_raised']);
    expect(sent[0]).toMatchObject({
      actor: { kind: 'system' },
      data: { action: 'experiment.alert_raised', after: { key: 'checkout', alert: { id: alert.id } } },
    });
    expect((sent[0]!.data.after as { summary: string }).summary).toMatch(/^Guardrail "errors" regressed in version/);
    expect(await auditActions(api)).toEqual([
      expect.objectContaining({
        action: 'experiment.alert_raised',
        actor: expect.objectContaining({ kind: 'system' }),
      }),
    ]);

    const experiment: Experiment = await api.expectStatus(200, 'GET', '/experiments/checkout');
    expect(experiment).toMatchObject({ status: 'running', autoStop: false, openAlerts: 1 });
    const list = await api.expectStatus(200, 'GET', '/experiments');
    expect(list.experiments[0]).toMatchObject({ key: 'checkout', openAlerts: 1 });
  });

  it('stops an experiment with autoStop on a guardrail regression and rolls its flag back to control', async () => {
    const api = await projectApi(t);
    const events = visits({ control: 1000, treatment: 1000 }, { control: 0.05, treatment: 0.15 }, Date.now() + 1000);
    const hook = await running(api, { autoStop: true, events });
    await refresh(api);
    await refresh(api);

    const experiment: Experiment = await api.expectStatus(200, 'GET', '/experiments/checkout');
    expect(experiment.status).toBe('stopped');
    expect(experiment.decision).toMatchObject({ outcome: 'rollback', version: 'control' });
    expect(experiment.decision?.note).toMatch(
      /^Stopped automatically: Guardrail "errors" regressed in version "treatment": \+/,
    );
    expect(experiment.decision?.automatic).toMatchObject({
      alert: { kind: 'guardrail_regression', metric: 'errors', version: 'treatment' },
      moreAlerts: 0,
    });
    const flag = await api.expectStatus(200, 'GET', '/flags/checkout-v2');
    expect(flag.environments.production.rules[0].serve).toMatchObject({ kind: 'variant' });
    const served = flag.variants.find(
      (variant: { key: string }) => variant.key === flag.environments.production.rules[0].serve.variant,
    );
    expect(served.value).toBe(false);

    const { alerts } = await api.expectStatus(200, 'GET', '/experiments/checkout/alerts');
    expect(alerts).toMatchObject([{ kind: 'guardrail_regression', stoppedExperiment: true }]);
    expect((await deliveries(hook.id)).map((body) => body.type).sort()).toEqual([
      'experiment.alert_raised',
      'experiment.stopped',
    ]);
    expect((await auditActions(api)).map((entry) => [entry.action, entry.actor.kind]).sort()).toEqual([
      ['experiment.alert_raised', 'system'],
      ['experiment.stopped', 'system'],
    ]);
  });

  it('raises and stops from a scheduled refresh too, telling SDK payloads the experiment changed', async () => {
    const api = await projectApi(t);
    const events = visits({ control: 1000, treatment: 1000 }, { control: 0.05, treatment: 0.15 }, Date.now() + 1000);
    await running(api, { autoStop: true, events });
    const notifyProjectChanged = vi.fn(async () => {});
    const { db, analysisDb } = t.database;
    const context = {
      db,
      analysisDb,
      clickhouse: null,
      progress: new Map(),
      log: t.app.log,
      connections: 1,
      limit: createLimiter(1),
      changes: { notifyProjectChanged },
    };
    expect(await refreshDue(context, 60)).toContain('checkout');
    expect(notifyProjectChanged).toHaveBeenCalledWith(api.project.id);
    expect(await api.expectStatus(200, 'GET', '/experiments/checkout')).toMatchObject({
      status: 'stopped',
      openAlerts: 1,
    });
  });

  it('raises a sample ratio mismatch beside its own webhook, and stops on it with autoStop', async () => {
    const api = await projectApi(t);
    const hook = await running(api, {
      autoStop: true,
      events: visits({ control: 1000, treatment: 500 }, {}, Date.now() + 1000),
    });
    await refresh(api);
    await refresh(api);
    const { alerts } = await api.expectStatus(200, 'GET', '/experiments/checkout/alerts');
    expect(alerts).toMatchObject([
      {
        kind: 'srm',
        metric: null,
        version: null,
        stoppedExperiment: true,
        figures: {
          versions: [
            { key: 'control', weight: 5000, units: 1000 },
            { key: 'treatment', weight: 5000, units: 500 },
          ],
        },
      },
    ]);
    expect((await deliveries(hook.id)).map((body) => body.type).sort()).toEqual([
      'experiment.alert_raised',
      'experiment.srm_detected',
      'experiment.stopped',
    ]);
    const experiment: Experiment = await api.expectStatus(200, 'GET', '/experiments/checkout');
    expect(experiment.status).toBe('stopped');
    expect(experiment.decision?.note).toMatch(/^Stopped automatically: Sample ratio mismatch: units control 1000/);
    expect(experiment.decision?.automatic?.alert.kind).toBe('srm');
  });

  it('warns of a planned version without traffic, and does not stop for it alone', async () => {
    const api = await projectApi(t);
    const versions = [
      { ...TWO_VERSIONS[0]!, weight: 9900 },
      { ...TWO_VERSIONS[1]!, weight: 100 },
    ];
    const hook = await running(api, {
      autoStop: true,
      versions,
      events: visits({ control: 200 }, {}, Date.now() + 1000),
    });
    await refresh(api);
    await refresh(api);
    const { alerts } = await api.expectStatus(200, 'GET', '/experiments/checkout/alerts');
    expect(alerts).toMatchObject([
      {
        kind: 'no_traffic',
        metric: null,
        version: 'treatment',
        stoppedExperiment: false,
        figures: { weight: 100, units: 0, totalUnits: 200, minTotalUnits: 100 },
      },
    ]);
    expect((await deliveries(hook.id)).map((body) => body.type)).toEqual(['experiment.alert_raised']);
    expect((await api.expectStatus(200, 'GET', '/experiments/checkout')).status).toBe('running');
  });

  it('raises nothing where nothing is wrong', async () => {
    const api = await projectApi(t);
    const events = visits({ control: 1000, treatment: 1000 }, { control: 0.1, treatment: 0.1 }, Date.now() + 1000);
    await running(api, { autoStop: true, events });
    await refresh(api);
    expect(await api.expectStatus(200, 'GET', '/experiments/checkout/alerts')).toEqual({ alerts: [] });
    expect(await api.expectStatus(200, 'GET', '/experiments/checkout')).toMatchObject({
      status: 'running',
      openAlerts: 0,
    });
  });

  it('takes autoStop on create and edit, refuses bad input, and keeps alerts to the project and its readers', async () => {
    const api = await projectApi(t);
    const { expectStatus, send, as, base, owner } = api;
    await expectStatus(400, 'POST', '/experiments', { key: 'bad', name: 'Bad', autoStop: 'yes' });
    const created = await expectStatus(201, 'POST', '/experiments', { key: 'plain', name: 'Plain' });
    expect(created).toMatchObject({ autoStop: false, openAlerts: 0 });
    expect(await expectStatus(200, 'PATCH', '/experiments/plain', { autoStop: true })).toMatchObject({
      autoStop: true,
    });
    await expectStatus(400, 'PATCH', '/experiments/plain', { autoStop: 1 });
    const history = await call(t.app, owner, { url: `/api/v1/audit?projectId=${api.project.id}&limit=5` });
    expect(history.json().entries[0]).toMatchObject({
      action: 'experiment.updated',
      before: { autoStop: false },
      after: { autoStop: true },
    });

    expect(await expectStatus(200, 'GET', '/experiments/plain/alerts')).toEqual({ alerts: [] });
    expect((await send('GET', '/experiments/Not%20a%20key/alerts')).statusCode).toBe(400);
    expect((await send('GET', '/experiments/missing/alerts')).statusCode).toBe(404);
    const viewer = await addMember(t.app, owner, 'viewer');
    expect((await as(viewer, { url: `${base}/experiments/plain/alerts` })).statusCode).toBe(200);
    const stranger = await signUp(t.app, 'stranger');
    expect((await as(stranger, { url: `${base}/experiments/plain/alerts` })).statusCode).toBe(404);
    const other = await createProject(t.app, owner, 'Other');
    expect((await as(owner, { url: `/api/v1/projects/${other.id}/experiments/plain/alerts` })).statusCode).toBe(404);
    const otherKey = await createKey(t.app, owner, other.id, 'secret');
    const byKey = await t.app.inject({
      url: `${base}/experiments/plain/alerts`,
      headers: { authorization: `Bearer ${otherKey.key}` },
    });
    expect([403, 404]).toContain(byKey.statusCode);
  });
});
