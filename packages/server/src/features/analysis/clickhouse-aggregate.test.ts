import { CLICK_EVENT, PAGEVIEW_EVENT } from '@tabula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/analysis-fixtures';
import { clickhouseAnswers, createTestClickHouse, type TestClickHouse } from '../../../test/clickhouse';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { storeInBoth } from '../../../test/events';
import { startFaultProxy } from '../../../test/fault-proxy';
import { connectClickHouse } from '../../db/clickhouse/connection';
import { EVENT_TABLE } from '../../db/clickhouse/schema';
import type { EventRow } from '../sdk-events/types';
import { type AggregationScope, aggregate } from './aggregate';
import { FOLDED_SLICE } from './breakdown-slices';
import { aggregateOnClickHouse } from './clickhouse-aggregate';
import { type AnalysedMetric, type DailySums, SUM_FIELDS } from './metric-values';
import type { VersionExposure } from './types';

const available = await clickhouseAnswers('the ClickHouse aggregation parity tests');

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2030-03-01T10:00:00.000Z');
const PROJECT = 'p-parity';
const ODD_NAME = `it's a \\ "name"`;
const ODD_PROPERTY = `we'ird \\ "key"`;
/** Ending in a backslash, which 18.16's visitParamExtractRaw cannot read. */
const ODD_TEXT = `o'k "x" \\`;
const SCOPE: AggregationScope = {
  projectId: PROJECT,
  experimentKey: 'checkout',
  versionKeys: ['a', 'b'],
  from: new Date(T0),
  until: new Date(T0 + 6 * DAY),
};

const random = seededRandom;
/** More values than a breakdown shows, in slices of different sizes. */
const BROWSER_VALUES = ['Chrome', 'Chrome', 'Chrome', 'Safari', 'Safari', 'Firefox', 'Edge', 'Ünï "q"', 'A', 'B', 'C'];
const ODD_VALUE = `it's "x" \\ y`;

const URLS = [
  'https://shop.example/checkout',
  'https://shop.example/checkout/',
  'https://Shop.Example:443/checkout?step=2#pay',
  'http://shop.example/checkout',
  'https://eu.shop.example/products/42/reviews',
  'https://shop.example/products/7/reviews/extra',
  'https://shop.example/100%_off',
  'https://shop.example/100xxoff',
  '  https://shop.example/thanks  ',
  '/checkout',
];

/**
 * Units exposed to one version, to both (some at the same moment), to a version the scope leaves out, before the
 * phase or after it; each with events of the metrics' names before and after its exposure and past `until`, some of
 * another project.
 */
function generateEvents(): EventRow[] {
  const next = random(20300301);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const at = (from: number, to: number) => Math.floor(from + next() * (to - from));
  // Quarters add up exactly in floating point, so only the percentile caps leave rounding to compare.
  const value = () => Math.floor(next() * 400) / 4;
  const rows: EventRow[] = [];
  let id = 0;
  const event = (row: Partial<EventRow> & Pick<EventRow, 'type' | 'unitId' | 'occurredAt'>) =>
    rows.push({
      projectId: PROJECT,
      environmentId: 'env',
      eventId: `ev-${id++}`,
      experiment: null,
      version: null,
      name: null,
      value: null,
      properties: null,
      attributes: null,
      ...row,
    });
  for (let u = 0; u < 600; u++) {
    const unitId = `unit-${u}`;
    const first = at(T0 - DAY, T0 + 7 * DAY);
    // Dimensions without drawing from the generator, so the other figures stay as they were; a unit's second exposure
    // has other dimensions than its first, and one in six has none.
    let seen = 0;
    const exposure = (version: string, occurredAt: number) => {
      const k = u + seen++;
      const attributes =
        k % 6 === 5 ? null : { browser: BROWSER_VALUES[k % BROWSER_VALUES.length]!, 'attribute:plan': ODD_VALUE };
      event({ type: 'exposure', unitId, occurredAt, experiment: 'checkout', version, attributes });
    };
    exposure(pick(['a', 'b', 'b', 'z']), first);
    const second = next();
    if (second < 0.1) exposure(pick(['a', 'b']), first);
    else if (second < 0.25) exposure(pick(['a', 'b', 'z']), at(first, first + 3 * DAY));
    for (let e = Math.floor(next() * 14); e > 0; e--) {
      const occurredAt = at(first - 9 * DAY, first + 4 * DAY);
      const kind = next();
      if (kind < 0.35) {
        event({
          type: 'track',
          unitId,
          occurredAt,
          name: 'purchase',
          value: next() < 0.9 ? value() : null,
          properties: {
            plan: pick(['pro', 'free', 'trial-pro', ODD_TEXT]),
            ...(next() < 0.8 && { amount: pick([1, 2.5, 10, 10.25, 99]) }),
            ...(next() < 0.2 && { flag: next() < 0.5 }),
            ...(next() < 0.2 && { meta: { source: 'mail' } }),
          },
        });
      } else if (kind < 0.5) event({ type: 'track', unitId, occurredAt, name: 'signup', value: value() });
      else if (kind < 0.7)
        event({ type: 'track', unitId, occurredAt, name: PAGEVIEW_EVENT, properties: { url: pick(URLS) } });
      else if (kind < 0.8) {
        event({
          type: 'track',
          unitId,
          occurredAt,
          name: CLICK_EVENT,
          properties: { selector: pick(['#buy', '.cart', "a[href='x\\y']"]) },
        });
      } else if (kind < 0.9) {
        event({
          type: 'track',
          unitId,
          occurredAt,
          name: ODD_NAME,
          value: value(),
          properties: { [ODD_PROPERTY]: pick([ODD_TEXT, 'plain']) },
        });
      } else {
        event({ type: 'track', unitId, occurredAt, name: 'purchase', value: value(), projectId: 'p-other' });
      }
    }
  }
  return rows;
}

const metric = (overrides: Partial<AnalysedMetric> & Pick<AnalysedMetric, 'key' | 'type'>): AnalysedMetric => ({
  source: { kind: 'event', event: 'purchase', filter: null },
  ratio: null,
  windowHours: 72,
  capping: { kind: 'none' },
  cuped: { enabled: false, lookbackDays: 14 },
  ...overrides,
});
const purchaseWhere = (filter: NonNullable<Extract<AnalysedMetric['source'], { kind: 'event' }>['filter']>) =>
  ({ kind: 'event', event: 'purchase', filter }) as const;
const CUPED = { enabled: true, lookbackDays: 7 };

const METRICS: AnalysedMetric[] = [
  metric({ key: 'converted', type: 'conversion' }),
  metric({ key: 'orders', type: 'count', windowHours: null }),
  metric({ key: 'revenue', type: 'sum', windowHours: 24 }),
  metric({
    key: 'order-value',
    type: 'ratio',
    ratio: {
      numerator: 'sum',
      denominator: { source: { kind: 'event', event: 'signup', filter: null }, aggregate: 'count' },
    },
  }),
  metric({
    key: 'orders-per-signup-value',
    type: 'ratio',
    ratio: {
      numerator: 'count',
      denominator: { source: { kind: 'event', event: 'signup', filter: null }, aggregate: 'sum' },
    },
  }),
  metric({ key: 'revenue-capped', type: 'sum', capping: { kind: 'absolute', value: 40 } }),
  metric({ key: 'orders-capped', type: 'count', capping: { kind: 'absolute', value: 2 } }),
  metric({ key: 'revenue-p90', type: 'sum', capping: { kind: 'percentile', value: 0.9 } }),
  metric({ key: 'orders-p50', type: 'count', windowHours: null, capping: { kind: 'percentile', value: 0.5 } }),
  metric({ key: 'revenue-p95-cuped', type: 'sum', capping: { kind: 'percentile', value: 0.95 }, cuped: CUPED }),
  metric({ key: 'revenue-cuped', type: 'sum', cuped: CUPED }),
  metric({ key: 'converted-cuped', type: 'conversion', cuped: { enabled: true, lookbackDays: 14 } }),
  metric({
    key: 'order-value-cuped',
    type: 'ratio',
    cuped: CUPED,
    ratio: {
      numerator: 'sum',
      denominator: { source: { kind: 'event', event: 'signup', filter: null }, aggregate: 'sum' },
    },
  }),
  metric({ key: 'pro', type: 'count', source: purchaseWhere({ property: 'plan', operator: 'eq', value: 'pro' }) }),
  metric({ key: 'amount-10', type: 'count', source: purchaseWhere({ property: 'amount', operator: 'eq', value: 10 }) }),
  metric({ key: 'flagged', type: 'count', source: purchaseWhere({ property: 'flag', operator: 'eq', value: true }) }),
  metric({ key: 'not-free', type: 'sum', source: purchaseWhere({ property: 'plan', operator: 'neq', value: 'free' }) }),
  metric({
    key: 'has-pro',
    type: 'sum',
    source: purchaseWhere({ property: 'plan', operator: 'contains', value: 'pro' }),
  }),
  metric({
    key: 'lacks-pro',
    type: 'count',
    source: purchaseWhere({ property: 'plan', operator: 'not_contains', value: 'pro' }),
  }),
  metric({ key: 'amount-gt', type: 'sum', source: purchaseWhere({ property: 'amount', operator: 'gt', value: 2.5 }) }),
  metric({
    key: 'amount-gte',
    type: 'sum',
    source: purchaseWhere({ property: 'amount', operator: 'gte', value: 10.25 }),
  }),
  metric({ key: 'amount-lt', type: 'count', source: purchaseWhere({ property: 'amount', operator: 'lt', value: 10 }) }),
  metric({
    key: 'amount-lte',
    type: 'count',
    source: purchaseWhere({ property: 'amount', operator: 'lte', value: 10 }),
  }),
  metric({
    key: 'checkout-exact',
    type: 'count',
    source: { kind: 'pageview', url: 'https://shop.example/checkout', match: 'exact' },
  }),
  metric({
    key: 'checkout-fuzzy',
    type: 'conversion',
    source: { kind: 'pageview', url: 'https://shop.example/checkout', match: 'fuzzy' },
  }),
  metric({
    key: 'reviews-wildcard',
    type: 'count',
    source: { kind: 'pageview', url: 'https://*.shop.example/products/*/reviews', match: 'exact' },
  }),
  metric({
    key: 'sale',
    type: 'count',
    source: { kind: 'pageview', url: 'https://shop.example/100%_off', match: 'fuzzy' },
  }),
  metric({
    key: 'thanks',
    type: 'conversion',
    source: { kind: 'pageview', url: 'https://shop.example/thanks', match: 'fuzzy' },
  }),
  metric({ key: 'buy-clicks', type: 'count', source: { kind: 'click', selector: '#buy' } }),
  metric({ key: 'odd-clicks', type: 'count', source: { kind: 'click', selector: "a[href='x\\y']" } }),
  metric({
    key: `odd ' \\ "metric"`,
    type: 'sum',
    cuped: CUPED,
    source: { kind: 'event', event: ODD_NAME, filter: { property: ODD_PROPERTY, operator: 'eq', value: ODD_TEXT } },
  }),
];

const byCell = (rows: DailySums[]) => new Map(rows.map((row) => [`${row.day} ${row.version}`, row]));

describe.runIf(available)('aggregation on ClickHouse', () => {
  let database: TestDatabase;
  let store: TestClickHouse;
  beforeAll(async () => {
    [database, store] = await Promise.all([createTestDatabase(), createTestClickHouse()]);
    await storeInBoth(database.handle.db, store.clickhouse, generateEvents(), 1500);
  });
  afterAll(async () => {
    await Promise.all([database?.drop(), store?.drop()]);
  });

  it('holds the same events twice over in part, which every read counts once', async () => {
    const [counts] = await store.clickhouse.rows<{ rows: string; events: string }>(
      `SELECT count() AS rows, uniqExact(event_id) AS events FROM ${store.clickhouse.database}.${EVENT_TABLE}`,
    );
    expect(Number(counts!.rows)).toBeGreaterThan(Number(counts!.events));
    expect(Number(counts!.events)).toBeGreaterThan(2500);
  });

  /**
   * The figures of the SQL database and of ClickHouse (its units cut into ranges of `unitsPerRange`), compared; how
   * many ranges ClickHouse filled (one progress report each).
   */
  async function compare(unitsPerRange?: number, scope = SCOPE): Promise<number> {
    let ranges = 0;
    const onProgress = () => ranges++;
    const [expected, actual] = await Promise.all([
      aggregate(database.handle.db, scope, METRICS),
      aggregateOnClickHouse(store.clickhouse, scope, METRICS, { onProgress, ...(unitsPerRange && { unitsPerRange }) }),
    ]);
    expect(actual.versions).toEqual(expected.versions);
    const bySlice = (data: typeof actual) =>
      (data.slices ?? []).map((row) => `${row.slice} ${row.key} ${row.units} ${row.multipleExposures}`).sort();
    expect(bySlice(actual)).toEqual(bySlice(expected));
    // Worth something only with units enough, and some exposed twice over the whole phase; a plan's population is
    // one version, and nobody in it is exposed twice.
    const whole = scope === SCOPE;
    const enough = ({ units, multipleExposures }: VersionExposure) =>
      units > (whole ? 100 : 10) && (multipleExposures > 0 || !whole);
    expect(expected.versions.every(enough)).toBe(true);
    for (const { key } of METRICS) {
      const wanted = expected.metrics[key]!;
      const got = byCell(actual.metrics[key]!);
      expect([...got.keys()].sort(), key).toEqual([...byCell(wanted).keys()].sort());
      for (const row of wanted) {
        const cell = got.get(`${row.day} ${row.version}`)!;
        for (const name of SUM_FIELDS) {
          // Relative to the sum's size: the order in which a database adds up capped values shifts the last digits.
          const scale = Math.max(1, Math.abs(row[name]));
          expect(cell[name] / scale, `${key} ${row.day} ${row.version} ${name}`).toBeCloseTo(row[name] / scale, 9);
        }
      }
    }
    // Over the whole phase, worth something only if the metrics read different events: every one sums to something,
    // and to its own figures.
    if (whole) {
      const total = (key: string, name: (typeof SUM_FIELDS)[number]) =>
        expected.metrics[key]!.reduce((sum, row) => sum + row[name], 0);
      expect(METRICS.every(({ key }) => total(key, 'm') > 0)).toBe(true);
      const figures = METRICS.map(({ key }) =>
        expected.metrics[key]!.map(({ m, mm, d, mx }) => [m, mm, d, mx].join()).join(' '),
      );
      expect(new Set(figures).size).toBe(METRICS.length);
    }
    return ranges;
  }

  it('comes to the sums the SQL database does, for every kind of metric', async () => {
    expect(await compare()).toBe(1);
  });

  it('comes to the same sums by hour of first exposure while the phase is younger than two days', async () => {
    const young = { ...SCOPE, until: new Date(T0 + 36 * HOUR) };
    expect(await compare(undefined, young)).toBe(1);
    const labels = (await aggregateOnClickHouse(store.clickhouse, young, METRICS)).metrics[METRICS[0]!.key]!;
    expect(labels.every(({ day }) => /^\d{4}-\d{2}-\d{2}T\d{2}$/.test(day))).toBe(true);
    expect(new Set(labels.map(({ day }) => day)).size).toBeGreaterThan(2);
  });

  it('comes to the same sums per slice of a dimension, read from the first exposure', async () => {
    const byBrowser = { ...SCOPE, dimension: 'browser' };
    expect(await compare(40, byBrowser)).toBeGreaterThan(5);
    const slices = (await aggregateOnClickHouse(store.clickhouse, byBrowser, [])).slices!;
    expect(new Set(slices.map(({ slice }) => slice))).toEqual(new Set([...BROWSER_VALUES, '']));
    const byPlan = await aggregateOnClickHouse(store.clickhouse, { ...SCOPE, dimension: 'attribute:plan' }, []);
    expect(new Set(byPlan.slices!.map(({ slice }) => slice))).toEqual(new Set([ODD_VALUE, '']));
  });

  it('folds the same values together beyond the slices it keeps', async () => {
    const folding = { ...SCOPE, dimension: 'browser', maxSlices: 2 };
    await compare(undefined, folding);
    const slices = new Set(
      (await aggregateOnClickHouse(store.clickhouse, folding, [])).slices!.map(({ slice }) => slice),
    );
    expect(slices.size).toBe(4);
    expect(slices.has(FOLDED_SLICE) && slices.has('')).toBe(true);
  });

  it('plans from the visitors of a page as the SQL database does', async () => {
    const plan = {
      ...SCOPE,
      versionKeys: ['planned'],
      population: { kind: 'pageview', url: 'https://shop.example/checkout', match: 'fuzzy' } as const,
    };
    expect(await compare(undefined, plan)).toBe(1);
  });

  it('comes to the same sums with its units cut into ranges, and leaves no work table behind', async () => {
    expect(await compare(40)).toBeGreaterThan(5);
    const tables = await store.clickhouse.rows<{ name: string }>(
      `SELECT name FROM system.tables WHERE database = '${store.clickhouse.database}'`,
    );
    expect(tables.map(({ name }) => name).sort()).toEqual([EVENT_TABLE, 'tabula_migrations']);
  });

  it('counts the units alone without metrics', async () => {
    const actual = await aggregateOnClickHouse(store.clickhouse, SCOPE, []);
    expect(actual).toEqual(await aggregate(database.handle.db, SCOPE, []));
  });

  it('fails when ClickHouse goes away mid-refresh, and refreshes again once it is back', async () => {
    const proxy = await startFaultProxy(store.url);
    const viaProxy = connectClickHouse({ url: proxy.url, cluster: null });
    try {
      // Away after the first range: the other ranges' queries find no server.
      const onProgress = () => void proxy.close();
      await expect(
        aggregateOnClickHouse(viaProxy, SCOPE, METRICS, { unitsPerRange: 40, onProgress }),
      ).rejects.toThrow();
    } finally {
      await viaProxy.close();
    }
    const again = await aggregateOnClickHouse(store.clickhouse, SCOPE, METRICS);
    expect(again.versions).toEqual((await aggregate(database.handle.db, SCOPE, METRICS)).versions);
  });
});
