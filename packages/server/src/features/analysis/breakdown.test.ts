import type { ExperimentBreakdown, ExperimentResults } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { call, createKey } from '../../../test/client';
import { projectApi } from '../../../test/project-api';

const UNITS_PER_VERSION = 400;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * Units 0–299 of each version from Chrome in Germany, 300–399 from an iPhone with no country; a third of them on the
 * "pro" plan. The treatment's Chrome units buy twice as often; its iPhone units as often as control's.
 */
function visits(at: number) {
  const batches: { ua: string; country?: string; events: Record<string, unknown>[] }[] = [
    { ua: CHROME, country: 'DE', events: [] },
    { ua: IPHONE, events: [] },
  ];
  for (const version of ['control', 'treatment']) {
    for (let index = 0; index < UNITS_PER_VERSION; index++) {
      const unitId = `${version}-${index}`;
      const batch = batches[index < 300 ? 0 : 1]!;
      const plan = index % 3 === 0 ? 'pro' : 'free';
      const exposure = {
        type: 'exposure',
        unitId,
        experiment: 'checkout',
        version,
        dimensions: { attributes: { plan } },
      };
      batch.events.push({ ...exposure, id: `exp-${unitId}`, at });
      // Seen again later on an iPhone: the first exposure's dimensions count.
      if (index < 10) batches[1]!.events.push({ ...exposure, id: `exp2-${unitId}`, at: at + 500 });
      const rate = index < 300 && version === 'treatment' ? 0.4 : 0.2;
      const [position, size] = index < 300 ? [index, 300] : [index - 300, 100];
      if (position < rate * size) {
        batch.events.push({ id: `buy-${unitId}`, type: 'track', at: at + 1000, unitId, event: 'purchase' });
      }
    }
  }
  return batches;
}

describe('experiment results broken down by a dimension', () => {
  const t = useTestApp();

  it('splits each metric by the dimension of the first exposure, checks the dimension, and refuses bad ones', async () => {
    const { owner, project, expectStatus, send } = await projectApi(t);
    await expectStatus(201, 'POST', '/metrics', {
      key: 'purchased',
      name: 'Purchased',
      type: 'conversion',
      source: { kind: 'event', event: 'purchase' },
    });
    await expectStatus(201, 'POST', '/experiments', {
      key: 'checkout',
      name: 'Checkout',
      versions: [
        { key: 'control', name: 'Control', weight: 5000, isControl: true },
        { key: 'treatment', name: 'Treatment', weight: 5000, isControl: false },
      ],
      metrics: { primary: ['purchased'] },
    });
    expect((await send('PATCH', '', { breakdownAttributes: ['a', 'b', 'c', 'd', 'e', 'f'] })).statusCode).toBe(400);
    expect((await send('PATCH', '', { breakdownAttributes: ['plan', 'plan'] })).statusCode).toBe(400);
    const patched = await expectStatus(200, 'PATCH', '', { breakdownAttributes: ['plan'] });
    expect(patched.breakdownAttributes).toEqual(['plan']);
    const audit = await call(t.app, owner, { method: 'GET', url: `/api/v1/audit?projectId=${project.id}` });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'project.updated',
      after: { breakdownAttributes: ['plan'] },
    });

    // Before the first refresh there is nothing to split.
    const early: ExperimentBreakdown = await expectStatus(
      200,
      'GET',
      '/experiments/checkout/results/breakdown?dimension=os',
    );
    expect(early).toMatchObject({ coversTo: null, slices: [], control: 'control' });

    await expectStatus(200, 'POST', '/experiments/checkout/start');
    const key = await createKey(t.app, owner, project.id, 'client');
    for (const batch of visits(Date.now() + 1000)) {
      for (let start = 0; start < batch.events.length; start += 500) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/sdk/v1/events/${key.key}`,
          headers: { 'user-agent': batch.ua, ...(batch.country && { 'cf-ipcountry': batch.country }) },
          payload: { events: batch.events.slice(start, start + 500) },
        });
        expect(response.json()).toMatchObject({ rejected: [] });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expectStatus(202, 'POST', '/experiments/checkout/results/refresh');
    await expect
      .poll(
        async () =>
          ((await expectStatus(200, 'GET', '/experiments/checkout/results')) as ExperimentResults).snapshot?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('succeeded');

    const byBrowser: ExperimentBreakdown = await expectStatus(
      200,
      'GET',
      '/experiments/checkout/results/breakdown?dimension=browser',
    );
    expect(byBrowser.correction).toBe('holm');
    expect(byBrowser.slices.map(({ kind, value, units }) => [kind, value, units])).toEqual([
      ['value', 'Chrome', { control: 300, treatment: 300 }],
      ['value', 'Safari', { control: 100, treatment: 100 }],
    ]);
    const [chrome, safari] = byBrowser.slices.map((slice) => slice.metrics[0]!);
    expect(chrome!.versions.map((version) => version.value)).toEqual([0.2, 0.4]);
    expect(chrome!.versions[1]!.lift!.verdict).toBe('better');
    expect(safari!.versions.map((version) => version.value)).toEqual([0.2, 0.2]);
    expect(safari!.versions[1]!.lift!.verdict).toBe('inconclusive');
    // Two slices, one treatment, one metric: Holm doubles the smaller p-value.
    const chromeLift = chrome!.versions[1]!.lift!;
    expect(chromeLift.adjustedPValue).toBeCloseTo(Math.min(1, 2 * chromeLift.pValue!), 12);

    const byCountry: ExperimentBreakdown = await expectStatus(
      200,
      'GET',
      '/experiments/checkout/results/breakdown?dimension=country&relative=false',
    );
    expect(byCountry.slices.map(({ kind, value, units }) => [kind, value, units.control])).toEqual([
      ['value', 'DE', 300],
      ['unknown', null, 100],
    ]);
    const byDevice: ExperimentBreakdown = await expectStatus(
      200,
      'GET',
      '/experiments/checkout/results/breakdown?dimension=device',
    );
    expect(byDevice.slices.map(({ value }) => value)).toEqual(['desktop', 'mobile']);
    const byPlan: ExperimentBreakdown = await expectStatus(
      200,
      'GET',
      '/experiments/checkout/results/breakdown?dimension=attribute:plan',
    );
    expect(byPlan.slices.map(({ value, units }) => [value, units.treatment])).toEqual([
      ['free', 266],
      ['pro', 134],
    ]);

    for (const dimension of ['colour', 'attribute:seats', 'attribute:', 'attribute:a b', '']) {
      const refused = await send(
        'GET',
        `/experiments/checkout/results/breakdown?dimension=${encodeURIComponent(dimension)}`,
      );
      expect(refused.statusCode, dimension).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    expect((await send('GET', '/experiments/nothing/results/breakdown?dimension=os')).statusCode).toBe(404);
  });
});
