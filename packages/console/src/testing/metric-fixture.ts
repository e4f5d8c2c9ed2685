import type { Metric } from '@tabula/protocol';

/** A library metric as the API returns it: a conversion on the event named by its key, unless told otherwise. */
export const metricFixture = (overrides: Partial<Metric> & Pick<Metric, 'key' | 'name'>): Metric => ({
  id: `mtr${overrides.key
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(13, '2')
    .slice(0, 13)}`,
  description: '',
  tags: [],
  type: 'conversion',
  source: { kind: 'event', event: overrides.key, filter: null },
  ratio: null,
  windowHours: 72,
  direction: 'higher',
  capping: { kind: 'none' },
  cuped: { enabled: true, lookbackDays: 14 },
  experiments: [],
  archivedAt: null,
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:00:00.000Z',
  ...overrides,
});
