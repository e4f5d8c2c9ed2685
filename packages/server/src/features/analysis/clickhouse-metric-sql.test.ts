import { describe, expect, it } from 'vitest';
import type { AggregationScope } from './aggregate';
import { fillWorkTableSql, packingOf } from './clickhouse-metric-sql';
import type { AnalysedMetric } from './metric-values';

const DAY = 86_400_000;
const FROM = Date.parse('2030-01-01T00:00:00.000Z');
const scopeOf = (days: number): AggregationScope => ({
  projectId: 'p',
  experimentKey: 'e',
  versionKeys: ['a', 'b'],
  from: new Date(FROM),
  until: new Date(FROM + days * DAY),
});
const revenue = (lookbackDays: number): AnalysedMetric => ({
  key: 'revenue',
  type: 'sum',
  source: { kind: 'event', event: 'purchase', filter: null },
  ratio: null,
  windowHours: 72,
  capping: { kind: 'none' },
  cuped: { enabled: true, lookbackDays },
});

describe('packing an event into one number', () => {
  it('starts at the earliest time a covariate reads, and keeps 32 bits of the id for a phase of six weeks', () => {
    const packing = packingOf(scopeOf(35), [revenue(7)]);
    expect(packing.earliest).toBe(FROM - 7 * DAY);
    expect(packing.span).toBe(42 * DAY);
    expect(packing.factor).toBe(2 ** 32);
  });

  it('keeps every packed number, and every bound of a window, below 2^64', () => {
    for (const days of [1, 35, 365, 3650]) {
      const { span, factor } = packingOf(scopeOf(days), [revenue(60)]);
      expect(BigInt(span) * BigInt(factor)).toBeLessThanOrEqual(2n ** 64n);
      expect(factor).toBeGreaterThanOrEqual(2 ** 24);
    }
  });

  it('refuses a phase too long to tell same-moment events apart by their ids', () => {
    expect(() =>
      fillWorkTableSql({ database: 'd' }, 'd.w', scopeOf(40 * 366), [revenue(7)], { from: null, to: null }),
    ).toThrow('too long a phase to analyse');
  });
});
