import { createMetricBodySchema, type Metric } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { filterValueOf, formFieldOf, newMetricValues, toDefinition, toFormValues } from './form-values';

const aov: Metric = {
  id: 'mtrAov2345678923',
  key: 'aov',
  name: 'Average order value',
  description: '',
  tags: ['checkout'],
  type: 'ratio',
  source: { kind: 'event', event: 'purchase', filter: { property: 'paid', operator: 'eq', value: true } },
  ratio: {
    numerator: 'sum',
    denominator: { source: { kind: 'event', event: 'order', filter: null }, aggregate: 'count' },
  },
  windowHours: null,
  direction: 'higher',
  capping: { kind: 'percentile', value: 0.99 },
  cuped: { enabled: false, lookbackDays: 7 },
  experiments: [],
  archivedAt: null,
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:00:00.000Z',
};

describe('metric form values', () => {
  it('start as the API defaults would make a metric', () => {
    const definition = toDefinition({
      ...newMetricValues(),
      name: 'Purchase',
      source: { kind: 'event', event: 'purchase' },
    });
    expect({ key: 'purchase', ...definition }).toEqual(
      createMetricBodySchema.parse({
        key: 'purchase',
        name: 'Purchase',
        type: 'conversion',
        source: { kind: 'event', event: 'purchase' },
      }),
    );
  });

  it('give back the metric they were made from', () => {
    const { id, experiments, archivedAt, createdAt, updatedAt, key, ...definition } = aov;
    expect(toDefinition(toFormValues(aov))).toEqual(definition);
  });

  it('send only what the chosen type and source use', () => {
    const values = {
      ...toFormValues(aov),
      type: 'conversion' as const,
      source: {
        kind: 'pageview' as const,
        event: 'purchase',
        url: 'https://shop.example/thanks',
        match: 'exact' as const,
      },
    };
    expect(toDefinition(values)).toMatchObject({
      source: { kind: 'pageview', url: 'https://shop.example/thanks', match: 'exact' },
      ratio: null,
      capping: { kind: 'none' },
    });
    expect(toDefinition({ ...values, windowMode: 'hours', windowHours: 24 }).windowHours).toBe(24);
  });

  it('type a filter value as its operator compares it', () => {
    expect(filterValueOf('gt', ' 10 ')).toBe(10);
    expect(filterValueOf('contains', '42')).toBe('42');
    expect(filterValueOf('eq', '42')).toBe(42);
    expect(filterValueOf('eq', 'true')).toBe(true);
    expect(filterValueOf('neq', 'pro')).toBe('pro');
    expect(filterValueOf('eq', '')).toBe('');
  });

  it('place the server problems on the fields that show them', () => {
    expect(formFieldOf('source.url')).toEqual(['source', 'url']);
    expect(formFieldOf('source')).toEqual(['source', 'kind']);
    expect(formFieldOf('capping')).toEqual(['capping', 'kind']);
    expect(formFieldOf('capping.value')).toEqual(['capping', 'value']);
    expect(formFieldOf('ratio')).toEqual(['denominator', 'source', 'kind']);
    expect(formFieldOf('ratio.numerator')).toEqual(['numerator']);
    expect(formFieldOf('ratio.denominator.source.event')).toEqual(['denominator', 'source', 'event']);
    expect(formFieldOf('owner')).toBeNull();
    expect(formFieldOf('')).toBeNull();
  });
});
