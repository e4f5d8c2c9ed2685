import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { webhookDelivery } from '../../db/schema';

/** Half as many units in the treatment as its equal weight plans: a sample ratio mismatch. */
function exposures(at: number) {
  const events: Record<string, unknown>[] = [];
  for (const [version, units] of [
    ['control', 1000],
    ['treatment', 500],
  ] as const) {
    for (let index = 0; index < units; index++) {
      const unitId = `${version}-${index}`;
      events.push({ id: `exp-${unitId}`, type: 'exposure', at, unitId, experiment: 'checkout', version });
    }
  }
  return events;
}

describe('sample ratio mismatch webhooks', () => {
  const t = useTestApp();

  it('announce a mismatch once, when a refresh first finds it', async () => {
    const { owner, project, expectStatus } = await projectApi(t);
    const hook = await expectStatus(201, 'POST', '/webhooks', {
      name: 'Analysts',
      url: 'http://127.0.0.1:4399/hook',
      events: ['experiment.srm_detected'],
    });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      versions: [
        { key: 'control', name: 'Control', weight: 5000, isControl: true },
        { key: 'treatment', name: 'Treatment', weight: 5000, isControl: false },
      ],
    });
    await expectStatus(200, 'POST', '/experiments/checkout/start');
    const key = await createKey(t.app, owner, project.id, 'client');
    const events = exposures(Date.now() + 1000);
    for (let start = 0; start < events.length; start += 500) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/sdk/v1/events/${key.key}`,
        payload: { events: events.slice(start, start + 500) },
      });
      expect(response.statusCode).toBe(202);
    }
    // The refresh covers events up to when it begins: wait until the exposures' clocks are past.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    const refreshed = async () => {
      await expectStatus(202, 'POST', '/experiments/checkout/results/refresh');
      await expect
        .poll(async () => (await expectStatus(200, 'GET', '/experiments/checkout/results')).refreshing, {
          timeout: 20_000,
        })
        .toBeNull();
    };
    await refreshed();
    await refreshed();

    const rows = await t.database.db.select().from(webhookDelivery).where(eq(webhookDelivery.webhookId, hook.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toMatchObject({
      type: 'experiment.srm_detected',
      data: {
        key: 'checkout',
        versions: [
          { key: 'control', weight: 5000, units: 1000 },
          { key: 'treatment', weight: 5000, units: 500 },
        ],
      },
    });
  });
});
