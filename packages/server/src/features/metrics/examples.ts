import type { CreateMetricInput, UpdateMetricBody } from '@tabula/protocol';

/** Request bodies shown in the API documentation. */
export const createExamples: CreateMetricInput[] = [
  {
    key: 'revenue',
    name: 'Revenue per visitor',
    description: 'The value of every purchase, summed per visitor',
    tags: ['checkout'],
    type: 'sum',
    source: { kind: 'event', event: 'purchase', filter: { property: 'currency', operator: 'eq', value: 'EUR' } },
    windowHours: 72,
    direction: 'higher',
    capping: { kind: 'percentile', value: 0.99 },
    cuped: { enabled: true, lookbackDays: 14 },
  },
  {
    key: 'average-order-value',
    name: 'Average order value',
    type: 'ratio',
    source: { kind: 'event', event: 'purchase' },
    ratio: { numerator: 'sum', denominator: { source: { kind: 'event', event: 'purchase' }, aggregate: 'count' } },
  },
  {
    key: 'pricing-page-visit',
    name: 'Visited the pricing page',
    type: 'conversion',
    source: { kind: 'pageview', url: 'https://shop.example/pricing*', match: 'fuzzy' },
    windowHours: null,
  },
  {
    key: 'add-to-cart-click',
    name: 'Add-to-cart clicks',
    type: 'count',
    source: { kind: 'click', selector: 'button.add-to-cart' },
    capping: { kind: 'absolute', value: 20 },
  },
];

export const updateExample: UpdateMetricBody = {
  windowHours: 168,
  capping: { kind: 'absolute', value: 500 },
};
