import type { ExperimentResults } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { addMember, call, createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { createLimiter } from './limiter';
import { refreshDue } from './scheduler';
import { claimSnapshot, finishSnapshot } from './snapshots';

const UNITS_PER_VERSION = 1000;
/** Known truth: the treatment doubles the purchase rate. */
const RATES = { control: 0.1, treatment: 0.2 };

/** Every unit's exposure, and a purchase of 30 for the first rate × units of each version. */
function visits(at: number) {
  const events: Record<string, unknown>[] = [];
  for (const [version, rate] of Object.entries(RATES)) {
    for (let index = 0; index < UNITS_PER_VERSION; index++) {
      const unitId = `${version}-${index}`;
      events.push({ id: `exp-${unitId}`, type: 'exposure', at, unitId, experiment: 'checkout', version });
      if (index < rate * UNITS_PER_VERSION) {
        events.push({ id: `buy-${unitId}`, type: 'track', at: at + 1000, unitId, event: 'purchase', value: 30 });
      }
    }
  }
  return events;
}

describe('experiment results', () => {
  const t = useTestApp();

  it('refreshes on demand and reads conversions and revenue per version with the project method', async () => {
    const { owner, project, expectStatus, send, as, base } = await projectApi(t);
    await expectStatus(201, 'POST', '/metrics', {
      key: 'purchased',
      name: 'Purchased',
      type: 'conversion',
      source: { kind: 'event', event: 'purchase' },
    });
    await expectStatus(201, 'POST', '/metrics', {
      key: 'revenue',
      name: 'Revenue',
      type: 'sum',
      source: { kind: 'event', event: 'purchase' },
    });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      versions: [
        { key: 'control', name: 'Control', weight: 5000, isControl: true },
        { key: 'treatment', name: 'Treatment', weight: 5000, isControl: false },
      ],
      metrics: { primary: ['purchased'], secondary: ['revenue'] },
    });
    // Not started: nothing to refresh.
    const early = await send('POST', '/experiments/checkout/results/refresh');
    expect(early.statusCode).toBe(409);
    await expectStatus(200, 'POST', '/experiments/checkout/start');

    const key = await createKey(t.app, owner, project.id, 'client');
    const events = visits(Date.now() + 1000);
    for (let start = 0; start < events.length; start += 500) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/sdk/v1/events/${key.key}`,
        payload: { events: events.slice(start, start + 500) },
      });
      expect(response.statusCode).toBe(202);
    }

    const viewer = await addMember(t.app, owner, 'viewer');
    const refused = await as(viewer, { method: 'POST', url: `${base}/experiments/checkout/results/refresh` });
    expect(refused.statusCode).toBe(403);

    const before: ExperimentResults = await expectStatus(200, 'GET', '/experiments/checkout/results');
    expect(before.snapshot).toBeNull();

    // The refresh covers events up to when it begins: wait until the visits' clocks are past.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expectStatus(202, 'POST', '/experiments/checkout/results/refresh');
    let results: ExperimentResults = before;
    await expect
      .poll(
        async () => {
          results = await expectStatus(200, 'GET', '/experiments/checkout/results');
          return results.refreshing === null && results.snapshot?.status;
        },
        { timeout: 20_000 },
      )
      .toBe('succeeded');

    expect(results.method).toBe('frequentist');
    expect(results.versions.map((version) => version.units)).toEqual([UNITS_PER_VERSION, UNITS_PER_VERSION]);
    expect(results.srm?.flagged).toBe(false);
    // A fresh snapshot of 1000 units per version, each seen in one version only: every health check passes.
    expect(results.health?.checks.map(({ check, passed }) => [check, passed])).toEqual([
      ['sample_ratio', true],
      ['multiple_exposures', true],
      ['min_units', true],
      ['freshness', true],
    ]);
    expect(results.health?.excludedUnits).toBe(0);
    const [purchased, revenue] = results.metrics;
    expect(purchased).toMatchObject({ key: 'purchased', role: 'primary' });
    expect(purchased!.versions.map((version) => version.value)).toEqual([0.1, 0.2]);
    const lift = purchased!.versions[1]!.lift!;
    expect(lift.estimate).toBeCloseTo(1, 10);
    expect(lift.verdict).toBe('better');
    expect(lift.pValue).toBeLessThan(0.001);
    expect(revenue!.versions.map((version) => version.value)).toEqual([3, 6]);
    expect(purchased!.series.at(-1)?.units).toEqual({ control: UNITS_PER_VERSION, treatment: UNITS_PER_VERSION });

    // Absolute lifts and the Bayesian reading need no refresh.
    const absolute: ExperimentResults = await expectStatus(200, 'GET', '/experiments/checkout/results?relative=false');
    expect(absolute.metrics[0]!.versions[1]!.lift!.estimate).toBeCloseTo(0.1, 10);
    const settings = await call(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      payload: { statistics: { method: 'bayesian', alpha: 0.05, correction: 'holm' } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const bayesian: ExperimentResults = await expectStatus(200, 'GET', '/experiments/checkout/results');
    expect(bayesian.method).toBe('bayesian');
    expect(bayesian.metrics[0]!.versions[1]!.lift!.chanceToWin).toBeGreaterThan(0.999);
  });

  it('lets one refresh of an experiment run at a time', async () => {
    const { project, expectStatus } = await projectApi(t);
    const experiment = await expectStatus(201, 'POST', '/experiments', { key: 'hero', name: 'Hero' });
    const row = {
      projectId: project.id,
      experimentId: experiment.id,
      phase: 0,
      coversFrom: new Date(),
      coversTo: new Date(),
      trigger: 'manual' as const,
    };
    expect(await claimSnapshot(t.database.db, { ...row, id: 'first' })).not.toBeNull();
    expect(await claimSnapshot(t.database.db, { ...row, id: 'second' })).toBeNull();
  });

  it('refreshes once per due time, however many servers found it due', async () => {
    const { project, expectStatus } = await projectApi(t);
    const experiment = await expectStatus(201, 'POST', '/experiments', { key: 'once', name: 'Once' });
    const row = {
      projectId: project.id,
      experimentId: experiment.id,
      phase: 0,
      coversFrom: new Date(),
      coversTo: new Date(),
      trigger: 'schedule' as const,
    };
    const dueBefore = new Date(Date.now() - 60_000);
    // Two servers' rounds listed it as due; the first claims and finishes before the second gets to it.
    const first = await claimSnapshot(t.database.db, { ...row, id: 'once-first' }, dueBefore);
    expect(first).not.toBeNull();
    await finishSnapshot(t.database.db, first!.id, { error: 'done for the test' });
    expect(await claimSnapshot(t.database.db, { ...row, id: 'once-second' }, dueBefore)).toBeNull();
    // A refresh asked for by a person is not held back by the schedule.
    expect(await claimSnapshot(t.database.db, { ...row, id: 'once-manual', trigger: 'manual' })).not.toBeNull();
  });
});

describe('scheduled refreshes', () => {
  const t = useTestApp();

  it('refreshes running experiments whose last refresh is older than the interval, and only those', async () => {
    const { expectStatus } = await projectApi(t);
    await expectStatus(201, 'POST', '/experiments', { key: 'running', name: 'Running' });
    await expectStatus(200, 'POST', '/experiments/running/start');
    await expectStatus(201, 'POST', '/experiments', { key: 'draft', name: 'Draft' });
    const progress = new Map();
    const { db, analysisDb } = t.database;
    const context = {
      db,
      analysisDb,
      clickhouse: null,
      progress,
      log: t.app.log,
      connections: 1,
      limit: createLimiter(1),
      changes: { notifyProjectChanged: async () => {} },
    };
    const due = () => refreshDue(context, 60);
    expect(await due()).toContain('running');
    expect(await due()).not.toContain('running');
    expect(await due()).not.toContain('draft');
    const results: ExperimentResults = await expectStatus(200, 'GET', '/experiments/running/results');
    expect(results.snapshot).toMatchObject({ status: 'succeeded', trigger: 'schedule' });
  });
});

describe('results API documentation', () => {
  const t = useTestApp();

  it('documents reading, breaking down and refreshing results, and reading alerts and bandit periods, under their own tag', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, { tags: string[] }>>)
      .filter(([path]) => /\/(results|alerts|bandit)/.test(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [`${method} ${path}`, operation.tags]),
      );
    expect(Object.fromEntries(operations)).toEqual({
      'get /api/v1/projects/{projectId}/experiments/{experimentKey}/results': ['results'],
      'get /api/v1/projects/{projectId}/experiments/{experimentKey}/results/breakdown': ['results'],
      'post /api/v1/projects/{projectId}/experiments/{experimentKey}/results/refresh': ['results'],
      'get /api/v1/projects/{projectId}/experiments/{experimentKey}/alerts': ['results'],
      'get /api/v1/projects/{projectId}/experiments/{experimentKey}/bandit': ['results'],
    });
  });
});
