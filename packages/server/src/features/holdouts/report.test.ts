import type { ExperimentResults } from '@tabula/protocol';
import { bucket } from '@tabula/sdk';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';

const UNITS = 3_000;
const PERCENT = 1_000;
/** Known truth: what shipped doubles the purchase rate of the units that get it. */
const RATES = { holdout: 0.1, general: 0.2 };

/** Each unit's exposure to the holdout as the SDK logs it, and a purchase for the first `rate` of each group. */
function visits(salt: string, at: number) {
  const events: Record<string, unknown>[] = [];
  const seen = { holdout: 0, general: 0 };
  for (let index = 0; index < UNITS; index++) {
    const unitId = `visitor-${index}`;
    const version = bucket(salt, unitId) < PERCENT ? 'holdout' : 'general';
    const rank = seen[version]++;
    events.push({ id: `exp-${unitId}`, type: 'exposure', at, unitId, experiment: 'holdout-h1', version });
    // Every tenth unit of a group, then every fifth: exactly the rate, whatever the group's size.
    if (rank % Math.round(1 / RATES[version]) === 0) {
      events.push({ id: `buy-${unitId}`, type: 'track', at: at + 1000, unitId, event: 'purchase' });
    }
  }
  return { events, seen };
}

describe('the holdout report', () => {
  const t = useTestApp();

  it('compares everything shipped with the holdout on the chosen metric, from the exposures the SDK logs', async () => {
    const { owner, project, expectStatus } = await projectApi(t);
    await expectStatus(201, 'POST', '/metrics', {
      key: 'purchased',
      name: 'Purchased',
      type: 'conversion',
      source: { kind: 'event', event: 'purchase' },
    });
    const holdout = await expectStatus(201, 'POST', '/holdouts', {
      key: 'holdout-h1',
      name: 'First half',
      percent: PERCENT,
      metrics: ['purchased'],
    });
    const key = await createKey(t.app, owner, project.id, 'client');
    const { events, seen } = visits(holdout.salt, Date.now() + 1000);
    for (let start = 0; start < events.length; start += 500) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/sdk/v1/events/${key.key}`,
        payload: { events: events.slice(start, start + 500) },
      });
      expect(response.statusCode).toBe(202);
    }

    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expectStatus(202, 'POST', '/experiments/holdout-h1/results/refresh');
    let results: ExperimentResults | undefined;
    await expect
      .poll(
        async () => {
          results = await expectStatus(200, 'GET', '/experiments/holdout-h1/results');
          return results?.refreshing === null && results.snapshot?.status;
        },
        { timeout: 20_000 },
      )
      .toBe('succeeded');

    // About a tenth held out, as planned: no sample ratio mismatch.
    expect(seen.holdout / UNITS).toBeGreaterThan(0.08);
    expect(seen.holdout / UNITS).toBeLessThan(0.12);
    expect(results!.versions.map(({ key, units }) => [key, units])).toEqual([
      ['holdout', seen.holdout],
      ['general', seen.general],
    ]);
    expect(results!.srm?.flagged).toBe(false);
    const [purchased] = results!.metrics;
    expect(purchased).toMatchObject({ key: 'purchased', role: 'primary' });
    const [held, general] = purchased!.versions;
    expect(held!.value).toBeCloseTo(Math.ceil(seen.holdout / 10) / seen.holdout, 10);
    expect(general!.value).toBeCloseTo(Math.ceil(seen.general / 5) / seen.general, 10);
    // Everything shipped against the holdout (about 300 units): a lift of about +100 %, significant at 5 %.
    expect(general!.lift!.estimate).toBeGreaterThan(0.6);
    expect(general!.lift!.pValue).toBeLessThan(0.05);
  });
});
