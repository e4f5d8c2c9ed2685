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

/** The table of exposed units a refresh fills first, in unit order: unit_id, version, first_at, day, multiple. */
export const EXPOSED = sql.raw('analysis_exposed');
/** Then each exposed unit's values of every metric: version, day, and `<value>_<metric index>` (see perUnitValues). */
export const PER_UNIT = sql.raw('analysis_per_unit');

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

/** A ratio's denominator; null for the other types. */
const denominatorOf = (metric: AnalysedMetric) =>
  metric.type === 'ratio' ? (metric.ratio?.denominator ?? null) : null;

/** The measure of the metric's own source: the numerator, for a ratio. */
const numeratorMeasure = (metric: AnalysedMetric): Measure =>
  metric.type === 'ratio' ? (metric.ratio?.numerator ?? 'count') : metric.type;

type PerUnit = 'm' | 'd' | 'mx' | 'dx';

/** Each sum's factors: the per-unit values whose product it adds up. */
const SUMS = {
  m: ['m'],
  mm: ['m', 'm'],
  d: ['d'],
  dd: ['d', 'd'],
  md: ['m', 'd'],
  mx: ['mx'],
  mxmx: ['mx', 'mx'],
  dx: ['dx'],
  dxdx: ['dx', 'dx'],
  mxdx: ['mx', 'dx'],
  mmx: ['m', 'mx'],
  mdx: ['m', 'dx'],
  dmx: ['d', 'mx'],
  ddx: ['d', 'dx'],
} as const satisfies Record<Exclude<keyof DailySums, 'version' | 'day' | 'n'>, readonly PerUnit[]>;
type SumName = keyof typeof SUMS;
const column = (name: string, index: number) => sql.raw(`${name}_${index}`);

/**
 * The per-unit values a metric has: its value, a ratio's denominator, and with CUPED the same before exposure. The
 * others are 0 for every unit, so they are neither computed nor summed (a missing sum reads as 0).
 */
function perUnitValues(metric: AnalysedMetric): PerUnit[] {
  const ratio = denominatorOf(metric) !== null;
  const cuped = metric.cuped.enabled;
  return [
    'm' as const,
    ...(ratio ? (['d'] as const) : []),
    ...(cuped ? (['mx'] as const) : []),
    ...(ratio && cuped ? (['dx'] as const) : []),
  ];
}

/** A metric's per-unit values over the events `e` of the unit `x`. */
function perUnitColumns(metric: AnalysedMetric, index: number): SQL {
  const after =
    metric.windowHours === null
      ? sql``
      : sql` and e.occurred_at < x.first_at + ${`${metric.windowHours} hours`}::interval`;
  const post = sql`e.occurred_at >= x.first_at${after}`;
  const pre = sql`e.occurred_at < x.first_at and e.occurred_at >= x.first_at - ${`${metric.cuped.lookbackDays} days`}::interval`;
  const denominator = denominatorOf(metric);
  const value = (name: PerUnit): SQL => {
    const [source, measure] =
      denominator && name.startsWith('d')
        ? [denominator.source, denominator.aggregate]
        : [metric.source, numeratorMeasure(metric)];
    return measureSql(measure, sql`${sourceSql(source)} and ${name.endsWith('x') ? pre : post}`);
  };
  return sql.join(
    perUnitValues(metric).map((name) => sql`${value(name)} as ${column(name, index)}`),
    sql`, `,
  );
}

/** The percentile a metric is capped at, which needs all its units' values; null for none (a conversion never is). */
export const cappingPercentile = (metric: AnalysedMetric): number | null =>
  metric.capping.kind === 'percentile' && numeratorMeasure(metric) !== 'conversion' ? metric.capping.value : null;

/**
 * A metric's per-unit values after capping, which applies to its value and its covariate alike; `percentileCap` is
 * the cap a percentile came to (null: no unit has a value, so nothing is capped).
 */
function cappedColumns(metric: AnalysedMetric, index: number, percentileCap: number | null): SQL {
  const cap =
    numeratorMeasure(metric) === 'conversion'
      ? null
      : metric.capping.kind === 'absolute'
        ? metric.capping.value
        : metric.capping.kind === 'percentile'
          ? percentileCap
          : null;
  return sql.join(
    perUnitValues(metric).map((name) => {
      const value = column(name, index);
      return cap !== null && (name === 'm' || name === 'mx') ? sql`least(${value}, ${cap}::float8) as ${value}` : value;
    }),
    sql`, `,
  );
}

/** The sums of the products of a metric's per-unit values, named `<sum>_<index>`. */
function sumColumns(metric: AnalysedMetric, index: number): SQL[] {
  const values = perUnitValues(metric);
  return Object.entries(SUMS)
    .filter(([, factors]) => factors.every((factor) => values.includes(factor)))
    .map(
      ([name, factors]) =>
        sql`sum(${sql.join(
          factors.map((factor) => column(factor, index)),
          sql` * `,
        )}) as ${column(name, index)}`,
    );
}

/**
 * Fills PER_UNIT with every metric's values for each exposed unit, in one pass: each unit's events are looked up by
 * its id (an index-only scan of `event_track_idx`), so the time follows the experiment's own units and events, however
 * many other events the project has. A lateral lookup rather than a join, which the planner would answer by hashing
 * every event of the project with these names. Events count from the unit's first exposure for the metric's window
 * (or until `until`), never after `until`; with CUPED, the same metric over its lookback before the first exposure is
 * the covariate.
 */
export function perUnitSql(metrics: AnalysedMetric[], projectId: string, until: Date): SQL {
  const lookback = Math.max(0, ...metrics.map((metric) => (metric.cuped.enabled ? metric.cuped.lookbackDays : 0)));
  const names = [
    ...new Set(
      metrics.flatMap((metric) => {
        const denominator = denominatorOf(metric);
        return [metric.source, ...(denominator ? [denominator.source] : [])].map(sourceEventName);
      }),
    ),
  ];
  return sql`
    create temp table ${PER_UNIT} on commit drop as
    select x.version, x.day, u.*
    from ${EXPOSED} x cross join lateral (
      select ${sql.join(
        metrics.map((metric, index) => perUnitColumns(metric, index)),
        sql`, `,
      )}
      from event e
      where e.project_id = ${projectId} and e.type = 'track' and e.unit_id = x.unit_id
        and e.name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})
        and e.occurred_at >= x.first_at - ${`${lookback} days`}::interval and e.occurred_at < ${until}
    ) u`;
}

/** How many units have a value other than 0, for each metric given by index: what its percentile is taken over. */
export const nonZeroCountsSql = (indexes: number[]): SQL =>
  sql`select ${sql.join(
    indexes.map((index) => sql`(count(*) filter (where ${column('m', index)} <> 0))::float8 as ${column('n', index)}`),
    sql`, `,
  )} from ${PER_UNIT}`;

/** The `size` highest (or lowest) values other than 0 of a metric, highest (lowest) first. */
export const extremeValuesSql = (index: number, end: 'top' | 'bottom', size: number): SQL => {
  const m = column('m', index);
  return sql`select ${m} as value from ${PER_UNIT} where ${m} <> 0
    order by ${m} ${sql.raw(end === 'top' ? 'desc' : 'asc')} limit ${size}`;
};

/**
 * Every metric's sums per version and day of first exposure, over PER_UNIT, each metric capped (its value and its
 * covariate alike) at its fixed cap or at the cap its percentile came to (`percentileCaps`, by metric index).
 */
export function dailySumsSql(metrics: AnalysedMetric[], percentileCaps: (number | null)[]): SQL {
  const capped = sql.join(
    metrics.map((metric, index) => cappedColumns(metric, index, percentileCaps[index] ?? null)),
    sql`, `,
  );
  return sql`
    select version, to_char(day, 'YYYY-MM-DD') as day, count(*)::float8 as n, ${sql.join(
      metrics.flatMap((metric, index) => sumColumns(metric, index)),
      sql`, `,
    )}
    from (select version, day, ${capped} from ${PER_UNIT}) capped
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
