import {
  type CreateMetricBody,
  DEFAULT_CUPED_LOOKBACK_DAYS,
  DEFAULT_WINDOW_HOURS,
  type Metric,
  type MetricSource,
  type MetricSourceKind,
  type MetricType,
  type PageMatch,
  type PropertyFilter,
  type PropertyFilterOperator,
} from '@tabula/protocol';

type Aggregate = 'count' | 'sum';

/** A source as the form holds it: the fields of every kind, of which only the chosen kind's are sent. */
export interface SourceValues {
  kind: MetricSourceKind;
  event?: string;
  filterOn?: boolean;
  filter?: { property?: string; operator?: PropertyFilterOperator; value?: string };
  url?: string;
  match?: PageMatch;
  selector?: string;
}

export interface MetricFormValues {
  key: string;
  name: string;
  description: string;
  tags: string[];
  type: MetricType;
  source: SourceValues;
  /** Ratio metrics only, like the denominator. */
  numerator: Aggregate;
  denominator: { source: SourceValues; aggregate: Aggregate };
  windowMode: 'hours' | 'experiment';
  windowHours: number | null;
  direction: 'higher' | 'lower';
  capping: { kind: 'none' | 'absolute' | 'percentile'; value?: number | null };
  cuped: { enabled: boolean; lookbackDays: number | null };
}

const newSource = (): SourceValues => ({ kind: 'event', filterOn: false, match: 'fuzzy' });

/** A new metric starts as the API's defaults would make it. */
export const newMetricValues = (): MetricFormValues => ({
  key: '',
  name: '',
  description: '',
  tags: [],
  type: 'conversion',
  source: newSource(),
  numerator: 'count',
  denominator: { source: newSource(), aggregate: 'count' },
  windowMode: 'hours',
  windowHours: DEFAULT_WINDOW_HOURS,
  direction: 'higher',
  capping: { kind: 'none' },
  cuped: { enabled: true, lookbackDays: DEFAULT_CUPED_LOOKBACK_DAYS },
});

const NUMERIC: readonly PropertyFilterOperator[] = ['gt', 'gte', 'lt', 'lte'];

/**
 * The filter value, typed as the operator compares it: numbers for gt, gte, lt and lte, text for contains; for eq and
 * neq a number or true/false when it reads as one, as events carry them, and text otherwise.
 */
export function filterValueOf(operator: PropertyFilterOperator, text: string): PropertyFilter['value'] {
  const trimmed = text.trim();
  if (NUMERIC.includes(operator)) return Number(trimmed);
  if (operator === 'contains' || operator === 'not_contains') return text;
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
}

export function toSource(values: SourceValues): MetricSource {
  switch (values.kind) {
    case 'event': {
      const { property = '', operator = 'eq', value = '' } = values.filter ?? {};
      return {
        kind: 'event',
        event: values.event ?? '',
        filter: values.filterOn ? { property, operator, value: filterValueOf(operator, value) } : null,
      };
    }
    case 'pageview':
      return { kind: 'pageview', url: values.url ?? '', match: values.match ?? 'fuzzy' };
    case 'click':
      return { kind: 'click', selector: values.selector ?? '' };
  }
}

const toSourceValues = (source: MetricSource): SourceValues => {
  const values = newSource();
  switch (source.kind) {
    case 'event':
      return {
        ...values,
        event: source.event,
        filterOn: source.filter !== null,
        ...(source.filter && { filter: { ...source.filter, value: String(source.filter.value) } }),
      };
    case 'pageview':
      return { ...values, kind: 'pageview', url: source.url, match: source.match };
    case 'click':
      return { ...values, kind: 'click', selector: source.selector };
  }
};

export function toFormValues(metric: Metric): MetricFormValues {
  const defaults = newMetricValues();
  return {
    key: metric.key,
    name: metric.name,
    description: metric.description,
    tags: metric.tags,
    type: metric.type,
    source: toSourceValues(metric.source),
    numerator: metric.ratio?.numerator ?? defaults.numerator,
    denominator: metric.ratio
      ? { source: toSourceValues(metric.ratio.denominator.source), aggregate: metric.ratio.denominator.aggregate }
      : defaults.denominator,
    windowMode: metric.windowHours === null ? 'experiment' : 'hours',
    windowHours: metric.windowHours ?? DEFAULT_WINDOW_HOURS,
    direction: metric.direction,
    capping: metric.capping,
    cuped: metric.cuped,
  };
}

/** The definition the form describes; what the chosen type and sources do not use is left out. */
export function toDefinition(values: MetricFormValues): Omit<CreateMetricBody, 'key'> {
  const { capping } = values;
  return {
    name: values.name,
    description: values.description,
    tags: values.tags,
    type: values.type,
    source: toSource(values.source),
    ratio:
      values.type === 'ratio'
        ? {
            numerator: values.numerator,
            denominator: { source: toSource(values.denominator.source), aggregate: values.denominator.aggregate },
          }
        : null,
    windowHours: values.windowMode === 'experiment' ? null : (values.windowHours ?? DEFAULT_WINDOW_HOURS),
    direction: values.direction,
    // A conversion is 0 or 1 per unit: there is nothing to cap.
    capping:
      values.type === 'conversion' || capping.kind === 'none'
        ? { kind: 'none' }
        : { kind: capping.kind, value: capping.value ?? 0 },
    cuped: {
      enabled: values.cuped.enabled,
      lookbackDays: values.cuped.lookbackDays ?? DEFAULT_CUPED_LOOKBACK_DAYS,
    },
  };
}

/** The field that chooses what a whole-object problem is about: the kind of source, of capping, of denominator. */
const CHOOSERS: Record<string, string[]> = {
  source: ['source', 'kind'],
  capping: ['capping', 'kind'],
  ratio: ['denominator', 'source', 'kind'],
};
const FIELDS = ['key', 'name', 'description', 'tags', 'type', 'source', 'windowHours', 'direction', 'capping', 'cuped'];

/** Where a problem the server reports about a definition field shows in the form; null when it has no field. */
export function formFieldOf(path: string): string[] | null {
  const [first = '', ...rest] = path.split('.').filter(Boolean);
  if (rest.length === 0 && CHOOSERS[first]) return CHOOSERS[first];
  if (first === 'ratio') {
    if (rest[0] === 'numerator') return ['numerator'];
    return rest.length > 1 ? ['denominator', ...rest.slice(1)] : CHOOSERS.ratio!;
  }
  return FIELDS.includes(first) ? [first, ...rest] : null;
}
