import {
  CLICK_SELECTOR_PROPERTY,
  type MetricSource,
  PAGEVIEW_URL_PROPERTY,
  type PropertyFilter,
} from '@tabula/protocol';
import { chInteger, chNumber, chString, chStrings } from '../../db/clickhouse/literal';
import { EVENT_TABLE } from '../../db/clickhouse/schema';
import type { AggregationScope } from './aggregate';
import { chPageUrlMatches } from './clickhouse-page-url-sql';
import {
  type AnalysedMetric,
  capOf,
  cappingPercentile,
  eventNamesOf,
  isCapped,
  longestLookbackDays,
  type Measure,
  metricSums,
  type PerUnit,
  perUnitMeasure,
  perUnitValues,
  sourceEventName,
  sourcesOf,
} from './metric-values';

/**
 * The SQL of a refresh on ClickHouse, as text: 18.16 takes no query parameters, so every value is a literal of
 * db/clickhouse/literal. Written for 18.16 and current releases alike: no CTEs, joins by USING only (the time
 * conditions go into -If aggregates), JSON read with the visitParam functions. The events table is a
 * ReplacingMergeTree whose copies of a resent batch may not be merged yet: track events are read FINAL, which merges
 * the copies while reading, in sort-key order, without holding every event id in memory.
 */

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Where the events are read: the database's events table (on a cluster, the Distributed one). */
export interface EventSource {
  database: string;
}

const table = ({ database }: EventSource) => `${database}.${EVENT_TABLE}`;
const epochMs = (date: Date) => chInteger(date.getTime());

/** The scope's exposures: of its experiment, to versions it has, within [from, until). */
function exposuresWhere(scope: AggregationScope): string {
  return `project_id = ${chString(scope.projectId)} AND type = 'exposure' AND experiment = ${chString(scope.experimentKey)}
    AND version IN ${chStrings(scope.versionKeys)}
    AND occurred_ms >= ${epochMs(scope.from)} AND occurred_ms < ${epochMs(scope.until)}`;
}

/**
 * The scope's versions in ClickHouse's order of strings (by their UTF-8 bytes): a unit's version travels through the
 * query as its rank among them, from 1, and at the same moment of first exposure the smallest rank is the smallest name.
 */
export const rankedVersions = (scope: AggregationScope): string[] =>
  [...scope.versionKeys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));

/**
 * Each exposed unit once: unit (a 64-bit hash of its id), first_ms (its first exposure), rank (of the version of the
 * first exposure; at the same moment, the smallest), day (of first_ms, in days since the epoch, UTC) and multiple
 * (exposed to several versions). One grouping: the exposure's time and rank are packed into one number, whose minimum
 * is the first exposure with the smallest rank among those at that moment. Units are keyed by the hash rather than the
 * text: grouping and joining ten million of them then fits in memory and cache, and two units of ten million share a
 * hash with a chance of about 3 in a million. Copies of an exposure change no minimum, so they need no
 * de-duplication here.
 */
export function exposedUnitsSql(events: EventSource, scope: AggregationScope): string {
  const versions = rankedVersions(scope);
  const base = versions.length + 1;
  // The packed number stays below 2^64 for any time before `until`.
  if (scope.until.getTime() * base >= 2 ** 63) throw new Error(`too many versions to rank: ${versions.length}`);
  const rank = `indexOf([${versions.map(chString).join(', ')}], version)`;
  return `
    SELECT cityHash64(unit_id) AS unit, min(occurred_ms * ${base} + ${rank}) AS first_key,
      intDiv(first_key, ${base}) AS first_ms, first_key % ${base} AS rank, intDiv(first_ms, ${DAY_MS}) AS day,
      min(${rank}) != max(${rank}) AS multiple
    FROM ${table(events)}
    WHERE ${exposuresWhere(scope)}
    GROUP BY unit`;
}

/**
 * visitParam functions find a key by its JSON text, `"key":`, so the name is written as JSON.stringify writes it. They
 * read the first occurrence of the key at any depth: the compact JSON of the properties puts a top-level key first
 * unless an object property before it holds the same key.
 */
const jsonKey = (key: string) => JSON.stringify(key).slice(1, -1);
const text = (key: string) => `visitParamExtractString(e_properties, ${chString(jsonKey(key))})`;
/** The first character of the property's JSON value ('' without the property): what tells its JSON type. */
function firstCharacter(key: string): string {
  const needle = chString(`"${jsonKey(key)}":`);
  return `if(position(e_properties, ${needle}) = 0, '', substring(e_properties, position(e_properties, ${needle}) + length(${needle}), 1))`;
}

/**
 * Whether the property equals the value as JSON values do: a string by its text, anything else by its JSON text, which
 * JSON.stringify writes one way for equal values. (18.16's visitParamExtractRaw gives '' for a string that ends in a
 * backslash, so strings are compared unescaped.)
 */
function equalSql(key: string, value: PropertyFilter['value']): string {
  const isString = `${firstCharacter(key)} = '"'`;
  if (typeof value === 'string') return `(${isString} AND ${text(key)} = ${chString(value)})`;
  const raw = `visitParamExtractRaw(e_properties, ${chString(jsonKey(key))})`;
  return `(NOT ${isString} AND ${raw} = ${chString(JSON.stringify(value))})`;
}

/**
 * An event property compared as the metric library documents (and metric-sql does on PostgreSQL): eq and neq compare
 * JSON values, contains and not_contains strings, the others numbers; an event without the property never passes.
 */
function filterSql(filter: PropertyFilter): string {
  const { property, value } = filter;
  const first = firstCharacter(property);
  const isString = `${first} = '"'`;
  const number = `match(${first}, '^[-0-9]$') AND visitParamExtractFloat(e_properties, ${chString(jsonKey(property))})`;
  switch (filter.operator) {
    case 'eq':
      return equalSql(property, value);
    case 'neq':
      return `${first} != '' AND NOT ${equalSql(property, value)}`;
    case 'contains':
      return `${isString} AND position(${text(property)}, ${chString(String(value))}) > 0`;
    case 'not_contains':
      return `${isString} AND position(${text(property)}, ${chString(String(value))}) = 0`;
    case 'gt':
      return `${number} > ${chNumber(Number(value))}`;
    case 'gte':
      return `${number} >= ${chNumber(Number(value))}`;
    case 'lt':
      return `${number} < ${chNumber(Number(value))}`;
    case 'lte':
      return `${number} <= ${chNumber(Number(value))}`;
  }
}

/** Whether the joined event (`e_*` columns) belongs to the source. */
function sourceSql(source: MetricSource): string {
  const named = `e_name = ${chString(sourceEventName(source))}`;
  switch (source.kind) {
    case 'event':
      return source.filter ? `${named} AND ${filterSql(source.filter)}` : named;
    case 'pageview':
      return `${named} AND ${chPageUrlMatches(source.url, source.match, text(PAGEVIEW_URL_PROPERTY))}`;
    case 'click':
      return `${named} AND ${text(CLICK_SELECTOR_PROPERTY)} = ${chString(source.selector)}`;
  }
}

/** A unit's value of one measure over its events that pass `when`; 0 for a unit without any. */
function measureSql(measure: Measure, when: string): string {
  if (measure === 'conversion') return `toFloat64(countIf(${when}) > 0)`;
  if (measure === 'count') return `toFloat64(countIf(${when}))`;
  return `sumIf(e_value, ${when})`;
}

const perUnitColumn = (name: PerUnit, index: number) => `u_${name}_${index}`;
const cappedColumn = (name: PerUnit, index: number) => `c_${name}_${index}`;
const capColumn = (index: number) => `cap_${index}`;

/** A metric's per-unit values over the unit's events: after the first exposure for the window, or before it. */
function perUnitColumns(metric: AnalysedMetric, index: number): string[] {
  const window = metric.windowHours === null ? '' : ` AND e_ms < first_ms + ${chInteger(metric.windowHours * HOUR_MS)}`;
  const post = `e_ms >= first_ms${window}`;
  // Added on the event's side: first_ms minus the lookback could pass below 0, which UInt64 wraps.
  const pre = `e_ms < first_ms AND e_ms + ${chInteger(metric.cuped.lookbackDays * DAY_MS)} >= first_ms`;
  return perUnitValues(metric).map((name) => {
    const { source, measure, covariate } = perUnitMeasure(metric, name);
    return `${measureSql(measure, `${sourceSql(source)} AND ${covariate ? pre : post}`)} AS ${perUnitColumn(name, index)}`;
  });
}

/**
 * Every exposed unit once, with its rank, day, multiple and each metric's values (`u_<value>_<metric index>`). The
 * events (each once), from the earliest a covariate reads up to `until`, stream past the exposed units, which are the
 * join's right side and so the part held in memory: one row per unit, not per event. The right join keeps the units
 * without such events too, their values 0 as PostgreSQL counts them. Without metrics, the exposed units alone. Each
 * name's events are read FINAL on their own: a copy shares its event's name, and FINAL merges each read in one thread,
 * so reads of several names run side by side.
 */
function perUnitSql(events: EventSource, scope: AggregationScope, metrics: AnalysedMetric[]): string {
  const exposed = exposedUnitsSql(events, scope);
  if (metrics.length === 0) return exposed;
  const earliest = Math.max(0, scope.from.getTime() - longestLookbackDays(metrics) * DAY_MS);
  // Only a filter, a page's address or a click's selector reads an event's properties, the longest column.
  const readsProperties = new Set(
    metrics
      .flatMap(sourcesOf)
      .filter((source) => source.kind !== 'event' || source.filter !== null)
      .map(sourceEventName),
  );
  const unitEvents = eventNamesOf(metrics).map(
    (name) => `
    SELECT cityHash64(unit_id) AS unit, name AS e_name, value AS e_value,
      ${readsProperties.has(name) ? 'properties' : "''"} AS e_properties, occurred_ms AS e_ms
    FROM ${table(events)} FINAL
    WHERE project_id = ${chString(scope.projectId)} AND type = 'track' AND name = ${chString(name)}
      AND occurred_ms >= ${chInteger(earliest)} AND occurred_ms < ${epochMs(scope.until)}`,
  );
  return `
    SELECT unit, any(rank) AS rank, any(day) AS day, any(multiple) AS multiple,
      ${metrics.flatMap((metric, index) => perUnitColumns(metric, index)).join(',\n      ')}
    FROM (${unitEvents.join('\n    UNION ALL')}) ALL RIGHT JOIN (${exposed}) USING unit
    GROUP BY unit`;
}

/**
 * The cap of a metric at percentile p of its units' values other than 0 (`cap_<index>`), as PostgreSQL's
 * percentile_cont computes it (see split-percentile): between the sorted values at positions floor(p·(n − 1)) and
 * ceil(p·(n − 1)), from 0; inf (no cap) without such values. Over `values`, an array of every unit's value.
 */
function percentileCapSql(index: number, p: number, values: string): string {
  const [sorted, last, at, low, high] = ['s', 'last', 'at', 'low', 'high'].map((name) => `${name}_${index}`);
  return `arraySort(arrayFilter(x -> x != 0, ${values})) AS ${sorted}, toInt64(length(${sorted})) - 1 AS ${last},
      ${chNumber(p)} * ${last} AS ${at}, ${sorted}[toUInt64(floor(${at})) + 1] AS ${low},
      ${sorted}[toUInt64(ceil(${at})) + 1] AS ${high},
      if(${last} < 0, inf, ${low} + (${at} - floor(${at})) * (${high} - ${low})) AS ${capColumn(index)}`;
}

const gathered = (column: string) => `a_${column}`;

/**
 * A sum of a metric capped at its percentile, over the arrays of its units' values in one version and day:
 * `arraySum` of the product of the factors, each capped one at `cap_<index>`. (The cap enters the lambda as an array
 * of its own: 18.16 does not see a column a lambda only names.)
 */
function percentileSumSql(index: number, factors: readonly PerUnit[]): string {
  const distinct = [...new Set(factors)];
  const factor = (name: PerUnit) => (isCapped(name) ? `least(v_${name}, c)` : `v_${name}`);
  const first = gathered(perUnitColumn(distinct[0]!, index));
  const caps = `arrayResize(emptyArrayFloat64(), length(${first}), ${capColumn(index)})`;
  const arrays = distinct.map((name) => gathered(perUnitColumn(name, index)));
  return `arraySum((${distinct.map((name) => `v_${name}`).join(', ')}, c) -> ${factors.map(factor).join(' * ')}, ${arrays.join(', ')}, ${caps})`;
}

/**
 * The one query of a refresh: per version rank and day of first exposure, the units (`n`), those exposed to several
 * versions (`multiple_units`) and every metric's sums (`<sum>_<metric index>`, as splitDailySums reads them), each
 * metric's value and covariate capped at its fixed cap or at the percentile its values come to. The per-unit values
 * are computed once, and the events read once. A percentile needs every unit's value before any sum: the values of
 * metrics capped at one are gathered into arrays per version and day (the other metrics are summed there at once),
 * then the groups into one row, where each percentile is taken, then the groups are unrolled again and summed capped.
 */
export function dailySumsSql(events: EventSource, scope: AggregationScope, metrics: AnalysedMetric[]): string {
  const atPercentile = (metric: AnalysedMetric) => cappingPercentile(metric) !== null;
  const unitColumns = metrics.flatMap((metric, index) =>
    perUnitValues(metric).map((name) => {
      const value = perUnitColumn(name, index);
      if (atPercentile(metric)) return value;
      const cap = capOf(metric, null);
      const expression = cap !== null && isCapped(name) ? `least(${value}, ${chNumber(cap)})` : value;
      return `${expression} AS ${cappedColumn(name, index)}`;
    }),
  );
  // Per version and day: the sums of metrics without a percentile, the arrays of values of those with one.
  const groupColumns = metrics.flatMap((metric, index) =>
    atPercentile(metric)
      ? perUnitValues(metric).map((name) => {
          const value = perUnitColumn(name, index);
          return { alias: gathered(value), expression: `groupArray(${value})`, isArray: true };
        })
      : metricSums(metric).map(([name, factors]) => ({
          alias: `${name}_${index}`,
          expression: `sum(${factors.map((factor) => cappedColumn(factor, index)).join(' * ')})`,
          isArray: false,
        })),
  );
  const groups = `
    SELECT rank, day, count() AS n, countIf(multiple) AS multiple_units${groupColumns.map(({ alias, expression }) => `, ${expression} AS ${alias}`).join('')}
    FROM (SELECT rank, day, multiple${unitColumns.map((column) => `, ${column}`).join('')}
      FROM (${perUnitSql(events, scope, metrics)}))
    GROUP BY rank, day`;
  const percentiles = metrics.flatMap((metric, index) => {
    const p = cappingPercentile(metric);
    return p === null ? [] : [{ metric, index, p }];
  });
  if (percentiles.length === 0) return `${groups}\n    ORDER BY day, rank`;
  const keys = ['rank', 'day', 'n', 'multiple_units'];
  const passed = [...keys, ...groupColumns.map(({ alias }) => alias)];
  const unrolled = [...keys, ...groupColumns.filter(({ isArray }) => !isArray).map(({ alias }) => alias)];
  const caps = percentiles.map(({ index, p }) =>
    percentileCapSql(index, p, `groupArrayArray(${gathered(perUnitColumn('m', index))})`),
  );
  const sums = percentiles.flatMap(({ metric, index }) =>
    metricSums(metric).map(([name, factors]) => `${percentileSumSql(index, factors)} AS ${name}_${index}`),
  );
  return `
    SELECT ${[...unrolled, ...sums].join(', ')}
    FROM (SELECT ${[...passed.map((column) => `groupArray(${column}) AS g_${column}`), ...caps].join(',\n      ')} FROM (${groups}))
    ARRAY JOIN ${passed.map((column) => `g_${column} AS ${column}`).join(', ')}
    ORDER BY day, rank`;
}
