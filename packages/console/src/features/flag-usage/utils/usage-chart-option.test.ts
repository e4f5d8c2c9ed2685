import type { FlagUsageSeries } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { filledPoints, usageChartOption } from './usage-chart-option';

const now = new Date('2030-05-08T10:30:00Z');
const usage: FlagUsageSeries = {
  environment: 'production',
  days: 7,
  granularity: 'hour',
  series: [
    { variant: 'on', total: 5, points: [{ at: '2030-05-08T09:00:00.000Z', count: 5 }] },
    { variant: '', total: 1, points: [{ at: '2030-05-08T10:00:00.000Z', count: 1 }] },
  ],
  total: 6,
  lastEvaluatedAt: '2030-05-08T10:10:00.000Z',
};

describe('usage chart', () => {
  it('fills every bucket of the span, 0 where nothing was evaluated', () => {
    const hourly = filledPoints(usage.series[0]!.points, { days: 7, granularity: 'hour', now });
    expect(hourly).toHaveLength(7 * 24 + 1);
    expect(hourly.at(-1)).toEqual([Date.parse('2030-05-08T10:00:00Z'), 0]);
    expect(hourly.at(-2)).toEqual([Date.parse('2030-05-08T09:00:00Z'), 5]);
    const daily = filledPoints([{ at: '2030-05-08T00:00:00.000Z', count: 3 }], { days: 30, granularity: 'day', now });
    expect(daily).toHaveLength(31);
    expect(daily.at(-1)).toEqual([Date.parse('2030-05-08T00:00:00Z'), 3]);
  });

  it('draws one line per variant, named by the label', () => {
    const option = usageChartOption(usage, (variant) => variant || 'none', now);
    const series = option.series as { name: string }[];
    expect(series.map((line) => line.name)).toEqual(['on', 'none']);
  });
});
