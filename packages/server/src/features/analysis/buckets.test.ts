import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketMs, bucketOf, HOURLY_WHILE_MS, splitLabel } from './buckets';

const T0 = Date.parse('2030-03-01T10:00:00.000Z');

describe('buckets of first exposure', () => {
  it('counts hours while the phase is younger than two days, and days from then on', () => {
    const scope = (ms: number) => ({ from: new Date(T0), until: new Date(T0 + ms) });
    expect(bucketOf(scope(0))).toBe('hour');
    expect(bucketOf(scope(HOURLY_WHILE_MS - 1))).toBe('hour');
    expect(bucketOf(scope(HOURLY_WHILE_MS))).toBe('day');
  });

  it('labels buckets by their UTC start, so labels of either kind sort in time order', () => {
    const at = Date.parse('2030-03-01T23:59:59.000Z');
    expect(bucketLabel(Math.floor(at / bucketMs('hour')), 'hour')).toBe('2030-03-01T23');
    expect(bucketLabel(Math.floor(at / bucketMs('day')), 'day')).toBe('2030-03-01');
    expect(['2030-03-02T00', '2030-03-01T23', '2030-03-01T09'].sort()).toEqual([
      '2030-03-01T09',
      '2030-03-01T23',
      '2030-03-02T00',
    ]);
  });

  it('splits a label into its day and, for an hour, the hour', () => {
    expect(splitLabel('2030-03-01')).toEqual({ day: '2030-03-01' });
    expect(splitLabel('2030-03-01T07')).toEqual({ day: '2030-03-01', hour: '07:00' });
  });
});
