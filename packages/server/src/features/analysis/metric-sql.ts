import {
  CLICK_EVENT,
  CLICK_SELECTOR_PROPERTY,
  type MetricCapping,
  type MetricCuped,
  type MetricRatio,
  type MetricSource,
  type MetricType,
  PAGEVIEW_EVENT,
  PAGEVIEW_URL_PROPERTY,
  type PropertyFilter,
} from '@tabula/protocol';
import { type SQL, sql } from 'drizzle-orm';
import { pageUrlMatchesSql } from './page-url-sql';

/** What the analysis reads of a metric definition. */
export interface AnalysedMetric {
  key: string;
  type: MetricType;
  source: MetricSource;
  ratio: MetricRatio | null;
  windowHours: number | null;
  capping: MetricCapping;
  cuped: MetricCuped;
}

/** The table of exposed units a refresh fills first: id (its key), unit_id, version, first_at, day, multiple. */
export const EXPOSED = sql.raw('analysis_exposed');

/**
 * The sufficient statistics of one version's units exposed on one day: m is a unit's metric value (for a ratio, its
 * numerator), d its denominator, mx and dx the same before its first exposure (CUPED's covariate).
 */
export interface DailySums {
  version: string;
  day: string;
  n: number;
  m: number;
  mm: number;
  d: number;
  dd: number;
  md: number;
  mx: number;
  mxmx: number;
  dx: number;
  dxdx: number;
  mxdx: number;
  mmx: number;
  mdx: number;
  dmx: number;
  ddx: number;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** An event property compared as the metric library documents: an event without the property never passes. */
function filterSql(filter: PropertyFilter): SQL {
  const property = sql`e.properties -> ${filter.property}`;
  const text = sql`(e.properties ->> ${filter.property})`;
  const isString = sql`jsonb_typeof(${property}) = 'string'`;
  const number = sql`jsonb_typeof(${property}) = 'number' and (${text})::float8`;
  switch (filter.operator) {
    case 'eq':
      return sql`${property} = ${json(filter.value)}`;
    case 'neq':
      return sql`${property} <> ${json(filter.value)}`;
    case 'contains':
      return sql`${isString} and strpos(${text}, ${String(filter.value)}) > 0`;
    case 'not_contains':
      return sql`${isString} and strpos(${text}, ${String(filter.value)}) = 0`;
    case 'gt':
      return sql`${number} > ${Number(filter.value)}`;
    case 'gte':
      return sql`${number} >= ${Number(filter.value)}`;
    case 'lt':
      return sql`${number} < ${Number(filter.value)}`;
    case 'lte':
      return sql`${number} <= ${Number(filter.value)}`;
  }
}

/** The event name a source reads: page views and clicks are the SDK's own reserved events. */
export function sourceEventName(source: MetricSource): string {
  if (source.kind === 'event') return source.event;
  return source.kind === 'pageview' ? PAGEVIEW_EVENT : CLICK_EVENT;
}

/** Whether the joined event `e` belongs to the source. */
export function sourceSql(source: MetricSource): SQL {
  const named = sql`e.name = ${sourceEventName(source)}`;
  switch (source.kind) {
    case 'event':
      return source.filter ? sql`${named} and ${filterSql(source.filter)}` : named;
    case 'pageview':
      return sql`${named} and ${pageUrlMatchesSql(source.url, source.match, sql`(e.properties ->> ${PAGEVIEW_URL_PROPERTY})`)}`;
    case 'click':
      return sql`${named} and e.properties ->> ${CLICK_SELECTOR_PROPERTY} = ${source.selector}`;
  }
}

type Measure = 'conversion' | 'count' | 'sum';

/** A unit's value of one measure over the events that pass `when`; 0 for a unit without any. */
function measureSql(measure: Measure, when: SQL): SQL {
  if (measure === 'conversion') return sql`(count(*) filter (where ${when}) > 0)::int::float8`;
  if (measure === 'count') return sql`(count(*) filter (where ${when}))::float8`;
  return sql`coalesce(sum(e.value) filter (where ${when}), 0)::float8`;
}

/** The measure of the metric's own source: the numerator, for a ratio. */
const numeratorMeasure = (metric: AnalysedMetric): Measure =>
  metric.type === 'ratio' ? (metric.ratio?.numerator ?? 'count') : metric.type;

const SUMS = {
  m: 'm',
  mm: 'm * m',
  d: 'd',
  dd: 'd * d',
  md: 'm * d',
  mx: 'mx',
  mxmx: 'mx * mx',
  dx: 'dx',
  dxdx: 'dx * dx',
  mxdx: 'mx * dx',
  mmx: 'm * mx',
  mdx: 'm * dx',
  dmx: 'd * mx',
  ddx: 'd * dx',
} as const satisfies Record<Exclude<keyof DailySums, 'version' | 'day' | 'n'>, string>;
type SumName = keyof typeof SUMS;
const column = (name: string, index: number) => sql.raw(`${name}_${index}`);

/** A metric's four per-unit columns (m, d, mx, dx) over the joined events of one unit. */
function perUnitColumns(metric: AnalysedMetric, index: number): SQL {
  const after =
    metric.windowHours === null
      ? sql``
      : sql` and e.occurred_at < x.first_at + ${`${metric.windowHours} hours`}::interval`;
  const post = sql`e.occurred_at >= x.first_at${after}`;
  const pre = sql`e.occurred_at < x.first_at and e.occurred_at >= x.first_at - ${`${metric.cuped.lookbackDays} days`}::interval`;
  const numerator = sourceSql(metric.source);
  const measure = numeratorMeasure(metric);
  const denominator = metric.type === 'ratio' && metric.ratio ? metric.ratio.denominator : null;
  const denominatorSource = denominator ? sourceSql(denominator.source) : sql`false`;
  const denominatorMeasure: Measure = denominator?.aggregate ?? 'count';
  // Columns a metric does not have are constants, not aggregates evaluated for every joined event.
  const none = sql`0::float8`;
  const cuped = metric.cuped.enabled;
  return sql`${measureSql(measure, sql`${numerator} and ${post}`)} as ${column('m', index)},
    ${denominator ? measureSql(denominatorMeasure, sql`${denominatorSource} and ${post}`) : none} as ${column('d', index)},
    ${cuped ? measureSql(measure, sql`${numerator} and ${pre}`) : none} as ${column('mx', index)},
    ${denominator && cuped ? measureSql(denominatorMeasure, sql`${denominatorSource} and ${pre}`) : none} as ${column('dx', index)}`;
}

/** A metric's m and mx after capping; a percentile cap is taken over the units with a non-zero value. */
function cappedColumns(metric: AnalysedMetric, index: number): SQL {
  const [m, d, mx, dx] = ['m', 'd', 'mx', 'dx'].map((name) => column(name, index)) as [SQL, SQL, SQL, SQL];
  const cap =
    metric.capping.kind === 'absolute'
      ? sql`${metric.capping.value}::float8`
      : metric.capping.kind === 'percentile'
        ? sql`(select percentile_cont(${metric.capping.value}::float8) within group (order by ${m}) from per_unit where ${m} <> 0)`
        : null;
  if (!cap || numeratorMeasure(metric) === 'conversion') return sql`${m}, ${d}, ${mx}, ${dx}`;
  return sql`least(${m}, coalesce(${cap}, ${m})) as ${m}, ${d}, least(${mx}, coalesce(${cap}, ${mx})) as ${mx}, ${dx}`;
}

/** The sums of one metric's columns, named `<sum>_<index>`. */
const sumColumns = (index: number): SQL =>
  sql.join(
    Object.entries(SUMS).map(
      ([name, product]) =>
        sql`sum(${sql.raw(product.replace(/\b(mx|dx|m|d)\b/g, `$1_${index}`))}) as ${column(name, index)}`,
    ),
    sql`, `,
  );

/**
 * Every metric's sums per version and day of first exposure, in one pass over the experiment's units and their
 * events. Events count from the unit's first exposure for the metric's window (or until `until`), never after
 * `until`; with CUPED, the same metric over its lookback before the first exposure is the covariate. Capping applies
 * to a metric and its covariate alike.
 */
export function dailySumsSql(metrics: AnalysedMetric[], projectId: string, until: Date): SQL {
  const lookback = Math.max(0, ...metrics.map((metric) => (metric.cuped.enabled ? metric.cuped.lookbackDays : 0)));
  const names = [
    ...new Set(
      metrics.flatMap((metric) => [
        sourceEventName(metric.source),
        ...(metric.type === 'ratio' && metric.ratio ? [sourceEventName(metric.ratio.denominator.source)] : []),
      ]),
    ),
  ];
  const each = (build: (metric: AnalysedMetric, index: number) => SQL) => sql.join(metrics.map(build), sql`, `);
  return sql`
    with per_unit as (
      select x.version, x.day, ${each(perUnitColumns)}
      from ${EXPOSED} x
      left join event e on e.project_id = ${projectId} and e.type = 'track' and e.unit_id = x.unit_id
        and e.name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})
        and e.occurred_at >= x.first_at - ${`${lookback} days`}::interval and e.occurred_at < ${until}
      group by x.id
    ),
    capped as (select version, day, ${each(cappedColumns)} from per_unit)
    select version, to_char(day, 'YYYY-MM-DD') as day, count(*)::float8 as n, ${sql.join(
      metrics.map((_, index) => sumColumns(index)),
      sql`, `,
    )}
    from capped
    group by version, day
    order by day, version`;
}

/** Splits the one-pass rows into each metric's sums. */
export function splitDailySums(
  metrics: AnalysedMetric[],
  rows: Record<string, number | string>[],
): Record<string, DailySums[]> {
  return Object.fromEntries(
    metrics.map((metric, index) => [
      metric.key,
      rows.map((row) => {
        const sums = Object.fromEntries(
          (Object.keys(SUMS) as SumName[]).map((name) => [name, Number(row[`${name}_${index}`] ?? 0)]),
        ) as Record<SumName, number>;
        return { version: String(row.version), day: String(row.day), n: Number(row.n), ...sums };
      }),
    ]),
  );
}
