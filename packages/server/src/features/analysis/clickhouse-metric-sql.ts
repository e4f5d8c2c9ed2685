import {
  CLICK_SELECTOR_PROPERTY,
  type MetricSource,
  PAGEVIEW_URL_PROPERTY,
  type PropertyFilter,
} from '@tabula/protocol';
import { chInteger, chNumber, chString, chStrings } from '../../db/clickhouse/literal';
import { EVENT_TABLE } from '../../db/clickhouse/schema';
import type { AggregationScope } from './aggregate';
import { FOLDED_SLICE, MAX_SLICE_VALUES } from './breakdown-slices';
import { bucketMs, bucketOf, DAY_MS } from './buckets';
import { chPageUrlMatches } from './clickhouse-page-url-sql';
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

/**
 * The SQL of a refresh on ClickHouse, as text: 18.16 takes no query parameters, so every value is a literal of
 * db/clickhouse/literal. Written for 18.16 and current releases alike: no CTEs, no joins, JSON read with the
 * visitParam functions.
 *
 * A refresh computes each exposed unit's metric values into a work table, a range of units at a time, then the
 * percentile caps and the sums per version and day from that table. Reading a unit's exposures and events in one
 * grouping needs no join, and a range's grouping fits in cache where ten million units' would not. The events table
 * is a ReplacingMergeTree whose copies of a resent batch may not be merged yet: each unit's events of a source are
 * gathered into arrays and every event id counted once there, which costs far less than reading FINAL (one thread
 * merging every part, about 2 million rows a second on 18.16).
 */

const HOUR_MS = 3_600_000;

/** Where the events are read: the database's events table (on a cluster, the Distributed one). */
export interface EventSource {
  database: string;
}

const table = ({ database }: EventSource) => `${database}.${EVENT_TABLE}`;
const epochMs = (date: Date) => chInteger(date.getTime());

/**
 * The scope's exposures: of its experiment, to versions it has, within [from, until); for a plan, its population's
 * events in that time.
 */
function exposuresWhere(scope: AggregationScope): string {
  const within = `occurred_ms >= ${epochMs(scope.from)} AND occurred_ms < ${epochMs(scope.until)}`;
  if (scope.population) return `${sourceSql(scope.population)} AND ${within}`;
  return `type = 'exposure' AND experiment = ${chString(scope.experimentKey)}
    AND version IN ${chStrings(scope.versionKeys)} AND ${within}`;
}

/**
 * The scope's versions in ClickHouse's order of strings (by their UTF-8 bytes): a unit's version travels through the
 * query as its rank among them, from 1, and at the same moment of first exposure the smallest rank is the smallest name.
 */
export const rankedVersions = (scope: AggregationScope): string[] =>
  [...scope.versionKeys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));

/** A range of unit ids, [from, to); null for no bound. The events table keeps each name's events in unit id order. */
export interface UnitRange {
  from: string | null;
  to: string | null;
}

const rangeWhere = ({ from, to }: UnitRange) =>
  `${from === null ? '' : ` AND unit_id >= ${chString(from)}`}${to === null ? '' : ` AND unit_id < ${chString(to)}`}`;

/**
 * Where to cut the scope's units into ranges of about `unitsPerRange` (`boundaries`, ascending): every `step`-th unit
 * id of a sample of about a thousand per range, taken by hash so that it spreads over the whole order. (The lambda is
 * given each value it reads as an array: 18.16 does not see a column a lambda only names.)
 */
export function unitBoundariesSql(events: EventSource, scope: AggregationScope, unitsPerRange: number): string {
  const every = Math.max(1, Math.floor(unitsPerRange / 1000));
  return `
    SELECT arrayFilter((unit, i, left, step) -> i % step = 0 AND left > step, sample, arrayEnumerate(sample),
      arrayReverse(arrayEnumerate(sample)), arrayResize(emptyArrayUInt64(), length(sample), step)) AS boundaries
    FROM (SELECT arraySort(groupUniqArrayIf(unit_id, cityHash64(unit_id) % ${chInteger(every)} = 0)) AS sample,
      greatest(1, toUInt64(ceil(uniq(unit_id) / ${chInteger(unitsPerRange)}))) AS ranges,
      greatest(1, intDiv(length(sample), ranges)) AS step
      FROM ${table(events)}
      WHERE project_id = ${chString(scope.projectId)} AND ${exposuresWhere(scope)})`;
}

/**
 * visitParam functions find a key by its JSON text, `"key":`, so the name is written as JSON.stringify writes it. They
 * read the first occurrence of the key at any depth: the compact JSON of the properties puts a top-level key first
 * unless an object property before it holds the same key.
 */
const jsonKey = (key: string) => JSON.stringify(key).slice(1, -1);
const text = (key: string) => `visitParamExtractString(properties, ${chString(jsonKey(key))})`;
/** The first character of the property's JSON value ('' without the property): what tells its JSON type. */
function firstCharacter(key: string): string {
  const needle = chString(`"${jsonKey(key)}":`);
  return `if(position(properties, ${needle}) = 0, '', substring(properties, position(properties, ${needle}) + length(${needle}), 1))`;
}

/**
 * Whether the property equals the value as JSON values do: a string by its text, anything else by its JSON text, which
 * JSON.stringify writes one way for equal values. (18.16's visitParamExtractRaw gives '' for a string that ends in a
 * backslash, so strings are compared unescaped.)
 */
function equalSql(key: string, value: PropertyFilter['value']): string {
  const isString = `${firstCharacter(key)} = '"'`;
  if (typeof value === 'string') return `(${isString} AND ${text(key)} = ${chString(value)})`;
  const raw = `visitParamExtractRaw(properties, ${chString(jsonKey(key))})`;
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
  const number = `match(${first}, '^[-0-9]$') AND visitParamExtractFloat(properties, ${chString(jsonKey(property))})`;
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

/** Whether an event row belongs to the source. */
function sourceSql(source: MetricSource): string {
  const named = `type = 'track' AND name = ${chString(sourceEventName(source))}`;
  switch (source.kind) {
    case 'event':
      return source.filter ? `${named} AND ${filterSql(source.filter)}` : named;
    case 'pageview':
      return `${named} AND ${chPageUrlMatches(source.url, source.match, text(PAGEVIEW_URL_PROPERTY))}`;
    case 'click':
      return `${named} AND ${text(CLICK_SELECTOR_PROPERTY)} = ${chString(source.selector)}`;
  }
}

interface SourceRead {
  source: MetricSource;
  index: number;
  /** Whether a metric sums its values (a count or conversion needs only times and ids). */
  sums: boolean;
}

/** The key a source is read under: equal sources are read once. */
const sourceKey = (source: MetricSource) => JSON.stringify(source);

/**
 * The sources the metrics read, each once, by sourceKey: each is gathered into arrays per unit, `s<index>_k` (the
 * events' packed times and ids, see Packing) and `s<index>_v` (their values) when a metric sums it.
 */
function sourcesRead(metrics: AnalysedMetric[]): Map<string, SourceRead> {
  const read = new Map<string, SourceRead>();
  for (const metric of metrics) {
    for (const name of perUnitValues(metric)) {
      const { source, measure } = perUnitMeasure(metric, name);
      const entry = read.get(sourceKey(source)) ?? { source, index: read.size, sums: false };
      entry.sums ||= measure === 'sum';
      read.set(sourceKey(source), entry);
    }
  }
  return read;
}

/**
 * How an event of a source travels through a unit's grouping: as one number `k`, its time since `earliest` times
 * `factor` plus its id's hash modulo `factor`. One array of them costs far less than one of times and one of ids: the
 * grouping's cost is per aggregate and element. Copies of an event (same id and time, as PostgreSQL's key of project,
 * event and time tells them) have the same number; so have two events of one unit and source at the same millisecond
 * whose ids' hashes agree in their last bits, at least 24 of them: a chance of 1 in 16 million for each such pair,
 * and of 1 in 4 billion with the 32 bits a phase of six weeks leaves. A window's bounds on the time are bounds on `k`
 * times the factor, which stay below 2^64 since every time read is below `until`.
 */
interface Packing {
  earliest: number;
  /** `until` − `earliest`: every packed time is below it. */
  span: number;
  factor: number;
}

export function packingOf(scope: AggregationScope, metrics: AnalysedMetric[]): Packing {
  const earliest = Math.max(0, scope.from.getTime() - longestLookbackDays(metrics) * DAY_MS);
  const span = scope.until.getTime() - earliest;
  const idBits = Math.min(52, 64 - span.toString(2).length);
  if (idBits < 24) throw new Error(`too long a phase to analyse: ${span} ms`);
  return { earliest, span, factor: 2 ** idBits };
}

/**
 * A unit's value of one measure over its events of source `s` whose packed number `k` passes `when`, each event
 * once: `s<index>_first` marks the first of the copies of an event in the unit's arrays. Whether a unit has such an
 * event at all needs no telling copies apart.
 */
function measureSql(measure: Measure, s: number, when: string): string {
  const [packed, values, first] = [`s${s}_k`, `s${s}_v`, `s${s}_first`];
  if (measure === 'conversion') return `toFloat64(arrayExists(k -> ${when}, ${packed}))`;
  if (measure === 'count') return `toFloat64(arrayCount((k, f) -> f = 1 AND ${when}, ${packed}, ${first}))`;
  return `arraySum((k, v, f) -> if(f = 1 AND ${when}, v, 0), ${packed}, ${values}, ${first})`;
}

/** The column of a metric's per-unit value in the work table: `u_<value>_<metric index>`. */
const perUnitColumn = (name: PerUnit, index: number) => `u_${name}_${index}`;

/**
 * The work table's columns: each unit's rank, day and multiple, its slice when the scope has a dimension, and every
 * metric's per-unit values.
 */
export function workTableColumns(metrics: AnalysedMetric[], scope: Pick<AggregationScope, 'dimension'>): string[] {
  return [
    'rank UInt8',
    'day UInt32',
    'multiple UInt8',
    ...(scope.dimension === undefined ? [] : ['slice String']),
    ...metrics.flatMap((metric, index) => perUnitValues(metric).map((name) => `${perUnitColumn(name, index)} Float64`)),
  ];
}

/** A metric's per-unit values over the unit's events: after the first exposure for the window, or before it. */
function perUnitColumns(
  metric: AnalysedMetric,
  index: number,
  sources: Map<string, SourceRead>,
  { span, factor }: Packing,
): { column: string; sql: string }[] {
  // `since` is the first exposure's time since `earliest`.
  const packed = (time: string) => `${time} * ${chInteger(factor)}`;
  const end = (hours: number) => `least(since + ${chInteger(hours * HOUR_MS)}, ${chInteger(span)})`;
  const post = `k >= ${packed('since')}${metric.windowHours === null ? '' : ` AND k < ${packed(end(metric.windowHours))}`}`;
  // Below 0, which UInt64 wraps, the lookback starts at 0; a difference is signed, and its product would overflow.
  const lookback = chInteger(metric.cuped.lookbackDays * DAY_MS);
  const pre = `k < ${packed('since')} AND k >= ${packed(`toUInt64(greatest(since, ${lookback}) - ${lookback})`)}`;
  return perUnitValues(metric).map((name) => {
    const { source, measure, covariate } = perUnitMeasure(metric, name);
    const s = sources.get(sourceKey(source))!.index;
    return { column: perUnitColumn(name, index), sql: measureSql(measure, s, covariate ? pre : post) };
  });
}

/**
 * Fills the work table with the units of one range: each exposed unit once (keyed by a 64-bit hash of its id, which
 * two of ten million units share with a chance of about 3 in a million), with the rank of the version of its first
 * exposure (at the same moment, the smallest), the day of that exposure (days since the epoch, UTC), whether it saw
 * several versions, and every metric's values. One grouping reads the unit's exposures and its events of every
 * source, from the earliest a covariate reads up to `until`: the exposure's time and rank packed into one number,
 * whose minimum is the first exposure; the events into arrays, from which each value is computed once the first
 * exposure is known. Copies of an exposure change no minimum; copies of an event are counted once. A unit with events
 * but no exposure has no first exposure (a key of 0, or NULL where empty aggregates give NULL) and is left out.
 */
export function fillWorkTableSql(
  events: EventSource,
  work: string,
  scope: AggregationScope,
  metrics: AnalysedMetric[],
  range: UnitRange,
): string {
  const versions = rankedVersions(scope);
  const base = versions.length + 1;
  // The packed number stays below 2^64 for any time before `until`.
  if (scope.until.getTime() * base >= 2 ** 63) throw new Error(`too many versions to rank: ${versions.length}`);
  // A plan's population is one version; its events are tracks, read here for its first event alone.
  const rank = scope.population ? '1' : `indexOf([${versions.map(chString).join(', ')}], version)`;
  const exposure = scope.population ? exposuresWhere(scope) : "type = 'exposure'";
  const sources = sourcesRead(metrics);
  const packing = packingOf(scope, metrics);
  const { earliest, factor } = packing;
  const k = `toUInt64(occurred_ms - ${chInteger(earliest)}) * ${chInteger(factor)} + cityHash64(event_id) % ${chInteger(factor)}`;
  const gathered = [...sources.values()].flatMap(({ source, index, sums }) => {
    const when = sourceSql(source);
    return [
      `groupArrayIf(${k}, ${when}) AS s${index}_k`,
      ...(sums ? [`groupArrayIf(value, ${when}) AS s${index}_v`] : []),
    ];
  });
  const firsts = [...sources.values()].map(({ index }) => `arrayEnumerateUniq(s${index}_k) AS s${index}_first`);
  const values = metrics.flatMap((metric, index) => perUnitColumns(metric, index, sources, packing));
  const names = eventNamesOf(metrics);
  const tracks =
    names.length === 0
      ? ''
      : ` OR (type = 'track' AND name IN ${chStrings(names)}
        AND occurred_ms >= ${chInteger(earliest)} AND occurred_ms < ${epochMs(scope.until)}${rangeWhere(range)})`;
  // A breakdown's slice: the dimension on the first exposure (its time and rank the least), '' without one.
  const slice =
    scope.dimension === undefined
      ? []
      : [
          `argMinIf(visitParamExtractString(attributes, ${chString(jsonKey(scope.dimension))}), occurred_ms * ${base} + ${rank}, ${exposure}) AS slice`,
        ];
  const columns = [
    'rank',
    'day',
    'multiple',
    ...(slice.length === 0 ? [] : ['slice']),
    ...values.map(({ column }) => column),
  ];
  const computed = [...firsts, ...values.map(({ column, sql }) => `${sql} AS ${column}`)];
  return `
    INSERT INTO ${work} (${columns.join(', ')})
    SELECT ${columns.join(', ')} FROM (
      SELECT first_key % ${base} AS rank, intDiv(first_key, ${base}) AS first_ms, intDiv(first_ms, ${bucketMs(bucketOf(scope))}) AS day,
        toUInt64(first_ms - ${chInteger(earliest)}) AS since,
        multiple${[...(slice.length === 0 ? [] : ['slice']), ...computed].map((column) => `,\n        ${column}`).join('')}
      FROM (
        SELECT cityHash64(unit_id) AS unit,
          minIf(occurred_ms * ${base} + ${rank}, ${exposure}) AS first_key,
          minIf(${rank}, ${exposure}) != maxIf(${rank}, ${exposure}) AS multiple${[...slice, ...gathered].map((column) => `,\n          ${column}`).join('')}
        FROM ${table(events)}
        WHERE project_id = ${chString(scope.projectId)}
          AND ((${exposuresWhere(scope)}${rangeWhere(range)})${tracks})
        GROUP BY unit
        HAVING first_key > 0))`;
}

/** How many units have a value other than 0 of each metric indexed (`n_<index>`): what a percentile's position needs. */
export const nonZeroCountsSql = (work: string, indexes: number[]): string =>
  `SELECT ${indexes.map((index) => `countIf(${perUnitColumn('m', index)} != 0) AS n_${index}`).join(', ')} FROM ${work}`;

/** The `size` highest (or lowest) values other than 0 of a metric, highest (lowest) first. */
export function extremeValuesSql(work: string, index: number, end: 'top' | 'bottom', size: number): string {
  const m = perUnitColumn('m', index);
  return `SELECT ${m} AS value FROM ${work} WHERE ${m} != 0
    ORDER BY ${m} ${end === 'top' ? 'DESC' : 'ASC'} LIMIT ${chInteger(size)}`;
}

/** A unit's slice, or FOLDED_SLICE beyond the dimension's `max` values with the most units (as PostgreSQL folds them). */
const foldedSlice = (work: string, max: number) =>
  `if(slice = '' OR slice IN (SELECT slice FROM ${work} WHERE slice != '' GROUP BY slice
    ORDER BY count() DESC, slice LIMIT ${chInteger(max)}), slice, ${chString(FOLDED_SLICE)})`;

/**
 * Per version rank and `bucket` (the day of first exposure, or with a dimension the slice), the units (`n`), those exposed to several versions (`multiple_units`)
 * and every metric's sums (`<sum>_<metric index>`, as splitDailySums reads them), each metric's value and covariate
 * capped at its fixed cap or at the cap its percentile came to (`percentileCaps`, by metric index).
 */
export function dailySumsSql(
  work: string,
  metrics: AnalysedMetric[],
  percentileCaps: (number | null)[],
  scope: Pick<AggregationScope, 'dimension' | 'maxSlices'>,
): string {
  const sums = metrics.flatMap((metric, index) => {
    const cap = capOf(metric, percentileCaps[index] ?? null);
    const capped = (name: PerUnit) => {
      const value = perUnitColumn(name, index);
      return cap !== null && isCapped(name) ? `least(${value}, ${chNumber(cap)})` : value;
    };
    return metricSums(metric).map(([name, factors]) => `sum(${factors.map(capped).join(' * ')}) AS ${name}_${index}`);
  });
  const bucket = scope.dimension === undefined ? 'day' : foldedSlice(work, scope.maxSlices ?? MAX_SLICE_VALUES);
  return `
    SELECT rank, ${bucket} AS bucket, count() AS n,
      countIf(multiple) AS multiple_units${sums.map((sum) => `, ${sum}`).join('')}
    FROM ${work}
    GROUP BY rank, bucket
    ORDER BY bucket, rank`;
}
