import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { aggregate } from './aggregate';
import type { AnalysedMetric } from './metric-values';

const T0 = Date.parse('2030-03-01T10:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PROJECT = 'p-analysis';

interface Row {
  project?: string;
  id: string;
  type: 'exposure' | 'track';
  unit: string;
  at: number;
  experiment?: string;
  version?: string;
  name?: string;
  value?: number;
  properties?: Record<string, unknown>;
}

const exposure = (id: string, unit: string, version: string, at: number, experiment = 'checkout'): Row => ({
  id,
  type: 'exposure',
  unit,
  at,
  experiment,
  version,
});
const track = (id: string, unit: string, name: string, at: number, value?: number, properties?: Row['properties']) =>
  ({ id, type: 'track', unit, at, name, value, properties }) satisfies Row;

const EVENTS: Row[] = [
  exposure('e1', 'u1', 'a', T0),
  exposure('e1b', 'u1', 'a', T0 + 5 * HOUR),
  exposure('e2', 'u2', 'b', T0 + HOUR),
  exposure('e3', 'u3', 'a', T0 + DAY),
  exposure('e3b', 'u3', 'b', T0 + DAY + HOUR),
  exposure('e4', 'u4', 'b', T0 + DAY),
  exposure('e5', 'u5', 'a', T0 - HOUR),
  exposure('e6', 'u6', 'z', T0),
  exposure('e7', 'u7', 'a', T0, 'other-experiment'),
  track('t1', 'u1', 'purchase', T0 + HOUR, 10, { plan: 'pro' }),
  track('t2', 'u1', 'purchase', T0 + 100 * HOUR, 5),
  track('t3', 'u1', 'purchase', T0 - 2 * DAY, 3),
  track('t4', 'u1', 'purchase', T0 - 20 * DAY, 1000),
  track('t5', 'u2', 'purchase', T0 + 2 * HOUR, 20, { plan: 'free' }),
  track('t6', 'u2', 'purchase', T0 + 3 * HOUR, 30, { plan: 'pro' }),
  track('t7', 'u2', 'signup', T0 + 3 * HOUR),
  track('t8', 'u2', '$pageview', T0 + 2 * HOUR, undefined, { url: 'https://shop.example/thanks?order=1' }),
  track('t9', 'u4', '$pageview', T0 + DAY + HOUR, undefined, { url: 'https://shop.example/cart' }),
  track('t10', 'u4', '$click', T0 + DAY + HOUR, undefined, { selector: '#buy' }),
  { ...track('t11', 'u4', 'purchase', T0 + DAY + HOUR, 999), project: 'p-other' },
  // Experiment "spread": 60 units over two versions, each with its own purchase value (a third of them none).
  ...Array.from({ length: 60 }, (_, u) => [
    exposure(`s${u}`, `s-unit-${u}`, u % 2 === 0 ? 'a' : 'b', T0 + (u % 3) * DAY, 'spread'),
    ...(u % 3 === 0 ? [] : [track(`sp${u}`, `s-unit-${u}`, 'purchase', T0 + (u % 3) * DAY + HOUR, (u * 37) % 101)]),
  ]).flat(),
];
/** On PostgreSQL a refresh also shares its work over two connections, which must come to the same figures. */
const CONNECTIONS = inject('templateDatabase') ? [1, 2] : [1];

const metric = (overrides: Partial<AnalysedMetric> & Pick<AnalysedMetric, 'key' | 'type'>): AnalysedMetric => ({
  source: { kind: 'event', event: 'purchase', filter: null },
  ratio: null,
  windowHours: 72,
  capping: { kind: 'none' },
  cuped: { enabled: false, lookbackDays: 14 },
  ...overrides,
});

describe.each(CONNECTIONS)('aggregation of an experiment in the database, over %i connection(s)', (connections) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    for (const row of EVENTS) {
      await database.handle.db.execute(sql`
        insert into event (project_id, environment_id, event_id, type, unit_id, experiment, version, name, value,
          properties, occurred_at)
        values (${row.project ?? PROJECT}, 'env', ${row.id}, ${row.type}, ${row.unit}, ${row.experiment ?? null},
          ${row.version ?? null}, ${row.name ?? null}, ${row.value ?? null},
          ${row.properties ? JSON.stringify(row.properties) : null}::jsonb, ${new Date(row.at)})`);
    }
  });
  afterAll(async () => {
    await database?.drop();
  });

  const run = (metrics: AnalysedMetric[], experimentKey = 'checkout', until = T0 + 30 * DAY) =>
    aggregate(
      database.handle.db,
      {
        projectId: PROJECT,
        experimentKey,
        versionKeys: ['a', 'b'],
        from: new Date(T0),
        until: new Date(until),
      },
      metrics,
      { connections },
    );

  it('counts each unit once, in the version of its first exposure, within the phase', async () => {
    const { versions } = await run([]);
    expect(versions).toEqual([
      { key: 'a', units: 2, multipleExposures: 1 },
      { key: 'b', units: 2, multipleExposures: 0 },
    ]);
  });

  it('sums a value per unit inside the window, per version and day of first exposure, with the CUPED covariate', async () => {
    const revenue = metric({ key: 'revenue', type: 'sum', cuped: { enabled: true, lookbackDays: 7 } });
    const { metrics } = await run([revenue]);
    const rows = metrics.revenue!;
    expect(
      rows.map(({ version, day, n, m, mm, mx, mxmx, mmx }) => ({ version, day, n, m, mm, mx, mxmx, mmx })),
    ).toEqual([
      // u1: 10 in its window (the 5 came after 72 h); 3 in the week before (the 1000 is older).
      { version: 'a', day: '2030-03-01', n: 1, m: 10, mm: 100, mx: 3, mxmx: 9, mmx: 30 },
      { version: 'b', day: '2030-03-01', n: 1, m: 50, mm: 2500, mx: 0, mxmx: 0, mmx: 0 },
      { version: 'a', day: '2030-03-02', n: 1, m: 0, mm: 0, mx: 0, mxmx: 0, mmx: 0 },
      // u4's purchase belongs to another project.
      { version: 'b', day: '2030-03-02', n: 1, m: 0, mm: 0, mx: 0, mxmx: 0, mmx: 0 },
    ]);
  });

  it('sums by hour of first exposure while the phase is younger than two days', async () => {
    const revenue = metric({ key: 'revenue', type: 'sum' });
    const { metrics } = await run([revenue], 'checkout', T0 + 30 * HOUR);
    expect(metrics.revenue!.map(({ version, day, n, m, mm }) => ({ version, day, n, m, mm }))).toEqual([
      { version: 'a', day: '2030-03-01T10', n: 1, m: 10, mm: 100 },
      { version: 'b', day: '2030-03-01T11', n: 1, m: 50, mm: 2500 },
      { version: 'a', day: '2030-03-02T10', n: 1, m: 0, mm: 0 },
      { version: 'b', day: '2030-03-02T10', n: 1, m: 0, mm: 0 },
    ]);
  });

  it('reads conversions, counts, filters, page views, clicks and ratios', async () => {
    const { metrics } = await run([
      metric({ key: 'converted', type: 'conversion' }),
      metric({ key: 'orders', type: 'count' }),
      metric({
        key: 'pro-orders',
        type: 'count',
        source: { kind: 'event', event: 'purchase', filter: { property: 'plan', operator: 'eq', value: 'pro' } },
      }),
      metric({
        key: 'thanks',
        type: 'conversion',
        source: { kind: 'pageview', url: 'https://shop.example/thanks', match: 'fuzzy' },
      }),
      metric({ key: 'buy-clicks', type: 'count', source: { kind: 'click', selector: '#buy' } }),
      metric({
        key: 'order-value',
        type: 'ratio',
        ratio: {
          numerator: 'sum',
          denominator: { source: { kind: 'event', event: 'purchase', filter: null }, aggregate: 'count' },
        },
      }),
    ]);
    const total = (key: string, version: string, field: 'm' | 'd' | 'md') =>
      metrics[key]!.filter((row) => row.version === version).reduce((sum, row) => sum + row[field], 0);
    expect([total('converted', 'a', 'm'), total('converted', 'b', 'm')]).toEqual([1, 1]);
    expect([total('orders', 'a', 'm'), total('orders', 'b', 'm')]).toEqual([1, 2]);
    expect([total('pro-orders', 'a', 'm'), total('pro-orders', 'b', 'm')]).toEqual([1, 1]);
    expect([total('thanks', 'a', 'm'), total('thanks', 'b', 'm')]).toEqual([0, 1]);
    expect([total('buy-clicks', 'a', 'm'), total('buy-clicks', 'b', 'm')]).toEqual([0, 1]);
    expect([total('order-value', 'b', 'm'), total('order-value', 'b', 'd'), total('order-value', 'b', 'md')]).toEqual([
      50, 2, 100,
    ]);
  });

  it('caps values at a fixed value or at a percentile of the non-zero ones', async () => {
    const { metrics } = await run([
      metric({ key: 'fixed', type: 'sum', capping: { kind: 'absolute', value: 25 } }),
      // The non-zero values are 10 and 50; their median is 30.
      metric({ key: 'median', type: 'sum', capping: { kind: 'percentile', value: 0.5 } }),
    ]);
    const max = (key: string) => Math.max(...metrics[key]!.map((row) => row.m));
    expect(max('fixed')).toBe(25);
    expect(max('median')).toBe(30);
  });

  it.each([0.5, 0.9, 0.95, 0.99, 1])('caps at the %d percentile as percentile_cont does over all units', async (p) => {
    const { metrics, versions } = await run(
      [metric({ key: 'revenue', type: 'sum', capping: { kind: 'percentile', value: p } })],
      'spread',
    );
    expect(versions.map(({ units }) => units)).toEqual([30, 30]);
    const [expected] = (
      (await database.handle.db.execute(sql`
        select percentile_cont(${p}::float8) within group (order by value) as cap
        from event where project_id = ${PROJECT} and name = 'purchase' and unit_id like 's-unit-%'`)) as unknown as {
        rows: { cap: number }[];
      }
    ).rows;
    const values = Array.from({ length: 60 }, (_, u) => (u % 3 === 0 ? 0 : (u * 37) % 101));
    const capped = values.map((value) => Math.min(value, expected!.cap));
    const rows = metrics.revenue!;
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(60);
    expect(rows.reduce((sum, row) => sum + row.m, 0)).toBeCloseTo(
      capped.reduce((sum, value) => sum + value, 0),
      9,
    );
    expect(rows.reduce((sum, row) => sum + row.mm, 0)).toBeCloseTo(
      capped.reduce((sum, value) => sum + value * value, 0),
      9,
    );
  });
});
