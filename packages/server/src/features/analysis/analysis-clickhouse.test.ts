import type { ExperimentResults } from '@tabula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { clickhouseAnswers, createTestClickHouse, TEST_CLUSTER, type TestClickHouse } from '../../../test/clickhouse';
import { createKey } from '../../../test/client';
import { startFaultProxy } from '../../../test/fault-proxy';
import { projectApi } from '../../../test/project-api';

const available = await clickhouseAnswers('the results refresh on ClickHouse tests');

const UNITS_PER_VERSION = 200;
/** Known truth: the treatment triples the purchase rate. */
const RATES = { control: 0.1, treatment: 0.3 };

// On one server, and on a cluster, where every read goes through the Distributed table.
describe.runIf(available).each([null, TEST_CLUSTER])(
  'experiment results with the events in ClickHouse (cluster: %s)',
  (cluster) => {
    let store: TestClickHouse;
    let t: TestApp;
    beforeAll(async () => {
      store = await createTestClickHouse(cluster);
      t = await createTestApp({ clickhouse: { url: store.url, cluster } });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await store?.drop();
    });

    it('refreshes from ClickHouse, counting a resent batch once, and lists the exposed units', async () => {
      const { owner, project, expectStatus } = await projectApi(t);
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
        source: { kind: 'event', event: 'purchase', filter: { property: 'plan', operator: 'eq', value: "o'k\\" } },
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
      await expectStatus(200, 'POST', '/experiments/checkout/start');

      const at = Date.now() + 1000;
      const events: Record<string, unknown>[] = [];
      for (const [version, rate] of Object.entries(RATES)) {
        for (let index = 0; index < UNITS_PER_VERSION; index++) {
          const unitId = `${version}-${index}`;
          events.push({ id: `exp-${unitId}`, type: 'exposure', at, unitId, experiment: 'checkout', version });
          if (index < rate * UNITS_PER_VERSION) {
            const properties = { plan: "o'k\\" };
            events.push({
              id: `buy-${unitId}`,
              type: 'track',
              at: at + 1,
              unitId,
              event: 'purchase',
              value: 30,
              properties,
            });
          }
        }
      }
      const key = await createKey(t.app, owner, project.id, 'client');
      const send = async (batch: Record<string, unknown>[]) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/sdk/v1/events/${key.key}`,
          payload: { events: batch },
        });
        expect(response.statusCode, response.body).toBe(202);
      };
      for (let start = 0; start < events.length; start += 500) await send(events.slice(start, start + 500));
      // Sent again: ClickHouse stores the batch again, until it merges the copies.
      await send(events.slice(0, 100));
      expect(await t.database.db.query.event.findFirst()).toBeUndefined();

      const listed = await expectStatus(200, 'GET', '/experiments');
      expect(listed.experiments.map((experiment: { exposures: number }) => experiment.exposures)).toEqual([
        2 * UNITS_PER_VERSION,
      ]);

      // The refresh covers events up to when it begins: wait until the events' clocks are past.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await expectStatus(202, 'POST', '/experiments/checkout/results/refresh');
      let results: ExperimentResults | undefined;
      await expect
        .poll(
          async () => {
            results = await expectStatus(200, 'GET', '/experiments/checkout/results');
            return results?.refreshing === null && results.snapshot?.status;
          },
          { timeout: 20_000 },
        )
        .toBe('succeeded');
      expect(results!.versions.map((version) => [version.units, version.multipleExposures])).toEqual([
        [UNITS_PER_VERSION, 0],
        [UNITS_PER_VERSION, 0],
      ]);
      const [purchased, revenue] = results!.metrics;
      expect(purchased!.versions.map((version) => version.value)).toEqual([0.1, 0.3]);
      expect(purchased!.versions[1]!.lift!.verdict).toBe('better');
      expect(revenue!.versions.map((version) => version.value)).toEqual([3, 9]);
    });
  },
);

describe.runIf(available)('experiments while ClickHouse is away', () => {
  it('lists them without their counts, and a change to one still answers', async () => {
    const store = await createTestClickHouse();
    const proxy = await startFaultProxy(store.url);
    const t = await createTestApp({ clickhouse: { url: proxy.url, cluster: null } });
    try {
      const { expectStatus } = await projectApi(t);
      await expectStatus(201, 'POST', '/metrics', {
        key: 'purchased',
        name: 'Purchased',
        type: 'conversion',
        source: { kind: 'event', event: 'purchase' },
      });
      await expectStatus(201, 'POST', '/experiments', {
        key: 'checkout',
        name: 'Checkout',
        metrics: { primary: ['purchased'] },
      });
      expect((await expectStatus(200, 'GET', '/experiments')).experiments[0].exposures).toBe(0);

      proxy.cut();
      proxy.blackHole();
      const listed = await expectStatus(200, 'GET', '/experiments');
      expect(listed.experiments[0].exposures).toBeNull();
      // A change still answers with the experiment it made.
      const started = await expectStatus(200, 'POST', '/experiments/checkout/start');
      expect(started).toMatchObject({ status: 'running', exposures: null });

      proxy.heal();
      expect((await expectStatus(200, 'GET', '/experiments')).experiments[0].exposures).toBe(0);
    } finally {
      await t.close();
      await proxy.close();
      await store.drop();
    }
  }, 90_000);
});
