import {
  CLICK_SELECTOR_PROPERTY,
  type MetricSource,
  PAGEVIEW_URL_PROPERTY,
  type PropertyFilter,
} from '@tabula/protocol';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnalysedMetric,
  capOf,
  eventNamesOf,
  isCapped,
  longestLookbackDays,
  type Measure,
  metricSums,
  type PerUnit,
  perUnitMeasure,
  perUnitValues,
  sourceEventName,
} from './metric-values';
import { pageUrlMatchesSql } from './page-url-sql';

/**
 * The table of exposed units a refresh fills first, in unit order: unit_id, version, first_at, multiple, and `day`,
 * the label of the hour or day of the first exposure (see bucketOf).
 */
export const EXPOSED = sql.raw('analysis_exposed');
/** Then each exposed unit's values of every metric: version, day, and `<value>_<metric index>` (see perUnitValues). */
export const PER_UNIT = sql.raw('analysis_per_unit');

const column = (name: string, index: number) => sql.raw(`${name}_${index}`);

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

/** A unit's value of one measure over the events that pass `when`; 0 for a unit without any. */
function measureSql(measure: Measure, when: SQL): SQL {
  if (measure === 'conversion') return sql`(count(*) filter (where ${when}) > 0)::int::float8`;
  if (measure === 'count') return sql`(count(*) filter (where ${when}))::float8`;
  return sql`coalesce(sum(e.value) filter (where ${when}), 0)::float8`;
}

/** A metric's per-unit values over the events `e` of the unit `x`. */
function perUnitColumns(metric: AnalysedMetric, index: number): SQL {
  const after =
    metric.windowHours === null
      ? sql``
      : sql` and e.occurred_at < x.first_at + ${`${metric.windowHours} hours`}::interval`;
  const post = sql`e.occurred_at >= x.first_at${after}`;
  const pre = sql`e.occurred_at < x.first_at and e.occurred_at >= x.first_at - ${`${metric.cuped.lookbackDays} days`}::interval`;
  const value = (name: PerUnit): SQL => {
    const { source, measure, covariate } = perUnitMeasure(metric, name);
    return measureSql(measure, sql`${sourceSql(source)} and ${covariate ? pre : post}`);
  };
  return sql.join(
    perUnitValues(metric).map((name) => sql`${value(name)} as ${column(name, index)}`),
    sql`, `,
  );
}

/**
 * A metric's per-unit values after capping, which applies to its value and its covariate alike; `percentileCap` is
 * the cap a percentile came to (null: no unit has a value, so nothing is capped).
 */
function cappedColumns(metric: AnalysedMetric, index: number, percentileCap: number | null): SQL {
  const cap = capOf(metric, percentileCap);
  return sql.join(
    perUnitValues(metric).map((name) => {
      const value = column(name, index);
      return cap !== null && isCapped(name) ? sql`least(${value}, ${cap}::float8) as ${value}` : value;
    }),
    sql`, `,
  );
}

/** The sums of the products of a metric's per-unit values, named `<sum>_<index>`. */
function sumColumns(metric: AnalysedMetric, index: number): SQL[] {
  return metricSums(metric).map(
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
  const lookback = longestLookbackDays(metrics);
  const names = eventNamesOf(metrics);
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
 * Every metric's sums per version and bucket (hour or day) of first exposure, over PER_UNIT, each metric capped (its value and its
 * covariate alike) at its fixed cap or at the cap its percentile came to (`percentileCaps`, by metric index).
 */
export function dailySumsSql(metrics: AnalysedMetric[], percentileCaps: (number | null)[]): SQL {
  const capped = sql.join(
    metrics.map((metric, index) => cappedColumns(metric, index, percentileCaps[index] ?? null)),
    sql`, `,
  );
  return sql`
    select version, day, count(*)::float8 as n, ${sql.join(
      metrics.flatMap((metric, index) => sumColumns(metric, index)),
      sql`, `,
    )}
    from (select version, day, ${capped} from ${PER_UNIT}) capped
    group by version, day
    order by day, version`;
}
