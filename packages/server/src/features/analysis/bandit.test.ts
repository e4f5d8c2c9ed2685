import type { BanditPeriodList, Experiment } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { call, createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { createChangeBus } from '../../db/change-bus';
import { recomputeDueBandits } from './bandit-scheduler';
import { createLimiter } from './limiter';

type Api = Awaited<ReturnType<typeof projectApi>>;
const HOUR_MS = 3_600_000;
const VERSIONS = [
  { key: 'control', name: 'Control', weight: 7000, isControl: true },
  { key: 'treatment', name: 'Treatment', weight: 3000, isControl: false },
];
const BANDIT = { scheduleMinutes: 60, burnInHours: 24, minWeight: 100 };

/** Exposures of `units` per version, the first `rate` × units of each also buying. */
function visits(units: number, rates: Record<string, number>, at: number) {
  return Object.entries(rates).flatMap(([version, rate]) =>
    Array.from({ length: units }, (_, index) => {
      const unitId = `${version}-${index}`;
      const exposure = { id: `exp-${unitId}`, type: 'exposure', at, unitId, experiment: 'checkout', version };
      if (index >= rate * units) return [exposure];
      return [exposure, { id: `buy-${unitId}`, type: 'track', at: at + 1000, unitId, event: 'purchase' }];
    }).flat(),
  );
}

describe('bandit experiments', () => {
  const t = useTestApp();

  /** A server's round; `aggregations` counts the scans of events it made. */
  const context = async () => {
    const { db, analysisDb } = t.database;
    const limit = createLimiter(1);
    // The app's own change bus hears this one through the database, as another server's would.
    const changes = await createChangeBus(t.database, t.app.log);
    return {
      db,
      analysisDb,
      clickhouse: null,
      progress: new Map(),
      log: t.app.log,
      connections: 1,
      aggregations: 0,
      limit<T>(this: { aggregations: number }, work: () => Promise<T>) {
        this.aggregations += 1;
        return limit(work);
      },
      changes,
    };
  };

  async function purchaseMetric({ expectStatus }: Api, key = 'purchase', type = 'conversion') {
    await expectStatus(201, 'POST', '/metrics', {
      key,
      name: key,
      type,
      source: { kind: 'event', event: 'purchase' },
      ...(type === 'ratio' && {
        ratio: {
          numerator: 'count',
          denominator: { source: { kind: 'event', event: 'purchase' }, aggregate: 'count' },
        },
      }),
    });
  }

  async function runningBandit(api: Api, bandit = BANDIT) {
    await purchaseMetric(api);
    await api.expectStatus(201, 'POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      versions: VERSIONS,
      metrics: { primary: ['purchase'] },
      bandit,
    });
    await api.expectStatus(200, 'POST', '/experiments/checkout/start');
    return createKey(t.app, api.owner, api.project.id, 'client');
  }

  const payloadWeights = async (clientKey: string) => {
    const response = await t.app.inject({ url: `/sdk/v1/payload/${clientKey}` });
    const payload = response.json() as {
      experiments: { key: string; phase: number; versions: { weight: number }[] }[];
    };
    const experiment = payload.experiments.find((entry) => entry.key === 'checkout')!;
    return { phase: experiment.phase, weights: experiment.versions.map((version) => version.weight) };
  };

  it('refuses a bandit without exactly one conversion or mean primary metric, or with a floor too high', async () => {
    const api = await projectApi(t);
    await purchaseMetric(api);
    await purchaseMetric(api, 'purchases', 'count');
    await purchaseMetric(api, 'per-order', 'ratio');
    const create = (body: Record<string, unknown>) =>
      api.send('POST', '/experiments', { key: 'bad', name: 'Bad', versions: VERSIONS, ...body });
    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const response = await create(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toMatch(message);
    };
    await refused({ bandit: BANDIT }, /exactly one primary metric.*has 0/);
    await refused({ bandit: BANDIT, metrics: { primary: ['purchase', 'purchases'] } }, /exactly one primary metric/);
    await refused({ bandit: BANDIT, metrics: { primary: ['per-order'] } }, /not a ratio/);
    await refused({ bandit: { ...BANDIT, minWeight: 5001 }, metrics: { primary: ['purchase'] } }, /5000/);
    const three = [...VERSIONS, { key: 'third', name: 'Third', weight: 0 }];
    await refused(
      { bandit: { ...BANDIT, minWeight: 4000 }, metrics: { primary: ['purchase'] }, versions: three },
      /adds up to more than 100%/,
    );
    await refused({ bandit: { ...BANDIT, scheduleMinutes: 1 }, metrics: { primary: ['purchase'] } }, /60/);
    await refused({ bandit: { ...BANDIT, scheduleMinutes: 90 }, metrics: { primary: ['purchase'] } }, /whole hours/);
    // Settings left out take their defaults; a second primary metric added later is refused too.
    const created: Experiment = await api.expectStatus(201, 'POST', '/experiments', {
      key: 'good',
      name: 'Good',
      versions: VERSIONS,
      metrics: { primary: ['purchases'] },
      bandit: {},
    });
    expect(created.bandit).toEqual({ scheduleMinutes: 60, burnInHours: 24, minWeight: 100 });
    const response = await api.send('PATCH', '/experiments/good', {
      metrics: { primary: ['purchases', 'purchase'] },
    });
    expect(response.statusCode).toBe(400);
  });

  it('keeps equal weights through the burn-in, in the same phase, once per due time', async () => {
    const api = await runningBandit(await projectApi(t)).then(async (key) => ({ key }));
    const round = await context();
    try {
      const now = new Date(Date.now() + 1000);
      expect(await recomputeDueBandits(round, now)).toContain('checkout');
      // Not due again before the schedule says, and a new burn-in period would change nothing.
      expect(await recomputeDueBandits(round, new Date(now.getTime() + 30 * 60_000))).not.toContain('checkout');
      expect(await recomputeDueBandits(round, new Date(now.getTime() + 2 * HOUR_MS))).not.toContain('checkout');
      await expect.poll(() => payloadWeights(api.key.key)).toEqual({ phase: 0, weights: [5000, 5000] });
    } finally {
      await round.changes.close();
    }
  });

  it('moves weight to the better version after the burn-in: a new period, new payload weights, same phase', async () => {
    const api = await projectApi(t);
    const clientKey = await runningBandit(api, { ...BANDIT, burnInHours: 0 });
    expect(await payloadWeights(clientKey.key)).toEqual({ phase: 0, weights: [7000, 3000] });
    const events = visits(400, { control: 0.05, treatment: 0.2 }, Date.now() + 1000);
    for (let start = 0; start < events.length; start += 500) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/sdk/v1/events/${clientKey.key}`,
        payload: { events: events.slice(start, start + 500) },
      });
      expect(response.statusCode).toBe(202);
    }
    const round = await context();
    try {
      const now = new Date(Date.now() + 5000);
      expect(await recomputeDueBandits(round, now)).toEqual(['checkout']);
      await expect.poll(() => payloadWeights(clientKey.key)).toEqual({ phase: 0, weights: [100, 9900] });
      const experiment: Experiment = await api.expectStatus(200, 'GET', '/experiments/checkout');
      expect(experiment.phase).toBe(0);
      expect(experiment.versions.map((version) => version.weight)).toEqual([100, 9900]);

      const list: BanditPeriodList = await api.expectStatus(200, 'GET', '/experiments/checkout/bandit');
      expect(list.phase).toBe(0);
      expect(list.periods).toHaveLength(1);
      expect(list.periods[0]).toMatchObject({ index: 0, weights: { control: 100, treatment: 9900 } });
      expect(list.periods[0]!.probabilities!.treatment).toBeGreaterThan(0.999);

      const audit = await call(t.app, api.owner, { url: `/api/v1/audit?projectId=${api.project.id}&limit=100` });
      const entries = (audit.json().entries as { action: string; actor: { kind: string } }[]).filter(
        (entry) => entry.action === 'experiment.bandit_period_started',
      );
      expect(entries).toEqual([expect.objectContaining({ actor: expect.objectContaining({ kind: 'system' }) })]);

      // An hour on, the next period; the weights stay where the data puts them.
      expect(await recomputeDueBandits(round, new Date(now.getTime() + HOUR_MS))).toEqual(['checkout']);
      const later: BanditPeriodList = await api.expectStatus(200, 'GET', '/experiments/checkout/bandit');
      expect(later.periods.map((period) => period.index)).toEqual([0, 1]);
    } finally {
      await round.changes.close();
    }
  });

  it('starts a period once when several servers find it due at once, and only the server holding the claim scans the events', async () => {
    const api = await projectApi(t);
    const clientKey = await runningBandit(api, { ...BANDIT, burnInHours: 0 });
    const response = await t.app.inject({
      method: 'POST',
      url: `/sdk/v1/events/${clientKey.key}`,
      payload: { events: visits(50, { control: 0.1, treatment: 0.3 }, Date.now() + 1000) },
    });
    expect(response.statusCode).toBe(202);
    const { id } = (await api.expectStatus(200, 'GET', '/experiments/checkout')) as Experiment;
    const servers = await Promise.all([context(), context(), context()]);
    try {
      const now = new Date(Date.now() + 5000);
      const rounds = await Promise.all(servers.map((server) => recomputeDueBandits(server, now)));
      expect(rounds.flat()).toEqual(['checkout']);
      expect(servers.map((server) => server.aggregations).reduce((sum, n) => sum + n)).toBe(1);
      const list: BanditPeriodList = await api.expectStatus(200, 'GET', '/experiments/checkout/bandit');
      expect(list.periods.map((period) => period.index)).toEqual([0]);

      // A server that died holding the claim: the others leave the bandit until the claim runs out, then take it.
      const later = new Date(now.getTime() + HOUR_MS);
      await t.database.db.execute(
        sql`insert into bandit_claim (experiment_id, holder, claimed_until) values (${id}, 'gone', now() + interval '10 minutes')`,
      );
      const before = servers[0]!.aggregations;
      expect(await recomputeDueBandits(servers[0]!, later)).toEqual([]);
      expect(servers[0]!.aggregations).toBe(before);
      await t.database.db.execute(sql`update bandit_claim set claimed_until = now() - interval '1 second'`);
      expect(await recomputeDueBandits(servers[1]!, later)).toEqual(['checkout']);
      const claims = (await t.database.db.execute(sql`select count(*)::int as n from bandit_claim`)) as unknown as {
        rows: { n: number }[];
      };
      expect(claims.rows).toEqual([{ n: 0 }]);
      const after: BanditPeriodList = await api.expectStatus(200, 'GET', '/experiments/checkout/bandit');
      expect(after.periods.map((period) => period.index)).toEqual([0, 1]);
    } finally {
      await Promise.all(servers.map((server) => server.changes.close()));
    }
  });

  it('leaves a stopped bandit alone', async () => {
    const api = await projectApi(t);
    await runningBandit(api, { ...BANDIT, burnInHours: 0 });
    await api.expectStatus(200, 'POST', '/experiments/checkout/stop', { outcome: 'inconclusive' });
    const round = await context();
    try {
      expect(await recomputeDueBandits(round, new Date(Date.now() + 1000))).not.toContain('checkout');
    } finally {
      await round.changes.close();
    }
    const list: BanditPeriodList = await api.expectStatus(200, 'GET', '/experiments/checkout/bandit');
    expect(list.periods).toEqual([]);
  });

  it('raises no sample ratio alert for a bandit, whose split follows its changing weights, so auto-stop leaves it running', async () => {
    const api = await projectApi(t);
    await purchaseMetric(api);
    await api.expectStatus(201, 'POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      versions: VERSIONS,
      metrics: { primary: ['purchase'] },
      bandit: BANDIT,
      autoStop: true,
    });
    await api.expectStatus(200, 'POST', '/experiments/checkout/start');
    const clientKey = await createKey(t.app, api.owner, api.project.id, 'client');
    // 1,000 units in control and 1,000 in treatment against weights of 70% and 30%: a mismatch for fixed weights.
    const events = visits(1000, { control: 0.1, treatment: 0.1 }, Date.now() + 1000);
    for (let start = 0; start < events.length; start += 500) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/sdk/v1/events/${clientKey.key}`,
        payload: { events: events.slice(start, start + 500) },
      });
      expect(response.statusCode).toBe(202);
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await api.expectStatus(202, 'POST', '/experiments/checkout/results/refresh');
    await expect
      .poll(async () => (await api.expectStatus(200, 'GET', '/experiments/checkout/results')).refreshing, {
        timeout: 20_000,
      })
      .toBeNull();
    const results = await api.expectStatus(200, 'GET', '/experiments/checkout/results');
    expect(results.versions.map((version: { units: number }) => version.units)).toEqual([1000, 1000]);
    expect((await api.expectStatus(200, 'GET', '/experiments/checkout/alerts')).alerts).toEqual([]);
    expect((await api.expectStatus(200, 'GET', '/experiments/checkout')).status).toBe('running');
  });
});
