import type { MetricBaseline } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { call, createKey, signUp } from '../../../test/client';
import { projectApi } from '../../../test/project-api';
import { baselineOf } from './baseline';

const DAY = 86_400_000;
const PRICING = 'https://shop.example/pricing';
const SPENT = Array.from({ length: 20 }, (_, index) => index);

/** Known history: 100 visitors of the pricing page, 40 of whom signed up and 20 spent 0…19; 50 other visitors. */
function history(now: number) {
  const events: Record<string, unknown>[] = [];
  const view = (unitId: string, url: string, at: number) =>
    events.push({ id: `view-${unitId}-${at}`, type: 'track', at, unitId, event: '$pageview', properties: { url } });
  const act = (unitId: string, event: string, at: number, value?: number) =>
    events.push({ id: `${event}-${unitId}`, type: 'track', at, unitId, event, ...(value !== undefined && { value }) });
  for (let index = 0; index < 100; index++) {
    const unit = `pricing-${index}`;
    view(unit, `${PRICING}?ref=${index}`, now - 3 * DAY);
    if (index < 40) act(unit, 'signup', now - 3 * DAY + 1000);
    if (index < 20) act(unit, 'purchase', now - 3 * DAY + 2000, SPENT[index]);
  }
  for (let index = 0; index < 50; index++) {
    const unit = `about-${index}`;
    view(unit, 'https://shop.example/about', now - 5 * DAY);
    if (index < 10) act(unit, 'signup', now - 5 * DAY + 1000);
  }
  // Seen three weeks ago only: outside a two-week plan.
  view('old', PRICING, now - 21 * DAY);
  act('old', 'signup', now - 21 * DAY + 1000);
  return events;
}

const sampleSd = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
};

describe("a metric's baseline for planning", () => {
  const t = useTestApp();

  it('reads the rate, or the mean and spread, and the units a day among a page’s visitors or all of them', async () => {
    const { owner, project, expectStatus, send } = await projectApi(t);
    const metric = (key: string, type: string, event: string) =>
      expectStatus(201, 'POST', '/metrics', { key, name: key, type, source: { kind: 'event', event } });
    await metric('signup', 'conversion', 'signup');
    await metric('spend', 'sum', 'purchase');
    const key = await createKey(t.app, owner, project.id, 'client');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/sdk/v1/events/${key.key}`,
      payload: { events: history(Date.now()) },
    });
    expect(sent.statusCode).toBe(202);
    const page = `url=${encodeURIComponent(PRICING)}&match=fuzzy`;

    const pricing: MetricBaseline = await expectStatus(200, 'GET', `/metrics/signup/baseline?${page}`);
    expect(pricing).toMatchObject({ days: 14, units: 100, kind: 'rate', rate: 0.4, mean: null });
    expect(pricing.unitsPerDay).toBeCloseTo(100 / 14, 10);
    const everyone: MetricBaseline = await expectStatus(200, 'GET', '/metrics/signup/baseline');
    expect(everyone).toMatchObject({ units: 150, rate: 50 / 150 });
    const longer: MetricBaseline = await expectStatus(200, 'GET', `/metrics/signup/baseline?days=30&${page}`);
    expect(longer).toMatchObject({ days: 30, units: 101, rate: 41 / 101 });

    const spend: MetricBaseline = await expectStatus(200, 'GET', `/metrics/spend/baseline?${page}`);
    const values = [...SPENT, ...new Array<number>(80).fill(0)];
    expect(spend).toMatchObject({ kind: 'mean', units: 100, rate: null });
    expect(spend.mean).toBeCloseTo(190 / 100, 10);
    expect(spend.standardDeviation).toBeCloseTo(sampleSd(values), 10);

    // No visitors of a page: the units are 0 and the figures unknown.
    const none: MetricBaseline = await expectStatus(
      200,
      'GET',
      `/metrics/signup/baseline?url=${encodeURIComponent('https://shop.example/nowhere')}`,
    );
    expect(none).toMatchObject({ units: 0, unitsPerDay: 0, rate: null });

    for (const query of ['days=0', 'days=91', 'days=x', 'match=regex']) {
      expect((await send('GET', `/metrics/signup/baseline?${query}`)).statusCode, query).toBe(400);
    }
    expect((await send('GET', '/metrics/missing/baseline')).statusCode).toBe(404);
    const stranger = await signUp(t.app, 'stranger');
    const refused = await call(t.app, stranger, { url: `/api/v1/projects/${project.id}/metrics/signup/baseline` });
    expect([403, 404]).toContain(refused.statusCode);
  });
});

describe('a baseline from sums', () => {
  it('has no figures with fewer than two units', () => {
    const row = { version: 'planned', day: '2030-01-01', n: 1, m: 1, mm: 1 } as never;
    expect(baselineOf({ type: 'conversion' }, [row], 14)).toMatchObject({ units: 1, rate: null });
    expect(baselineOf({ type: 'sum' }, [], 7)).toMatchObject({ units: 0, unitsPerDay: 0, mean: null });
  });
});
