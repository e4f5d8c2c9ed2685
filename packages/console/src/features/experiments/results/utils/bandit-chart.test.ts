import type { BanditPeriod } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { banditWeightsChartOption, latestProbabilities } from './bandit-chart';

const periods: BanditPeriod[] = [
  { index: 0, startedAt: '2026-03-01T10:00:12.000Z', weights: { a: 5000, b: 5000 }, probabilities: null },
  { index: 1, startedAt: '2026-03-02T10:00:40.000Z', weights: { a: 1000, b: 9000 }, probabilities: { a: 0.1, b: 0.9 } },
  {
    index: 2,
    startedAt: '2026-03-02T11:00:03.000Z',
    weights: { a: 200, b: 9800 },
    probabilities: { a: 0.02, b: 0.98 },
  },
];
const versions = [
  { key: 'a', name: 'Control' },
  { key: 'b', name: 'Green' },
];

describe('bandit weights chart', () => {
  it('draws each version’s share of new units from each period’s start', () => {
    const option = banditWeightsChartOption(periods, versions, { text: '#000', split: '#eee' }, String);
    expect((option.xAxis as { data: string[] }).data).toEqual([
      '2026-03-01 10:00',
      '2026-03-02 10:00',
      '2026-03-02 11:00',
    ]);
    const series = option.series as { name: string; data: number[]; step: string }[];
    expect(series.map((line) => [line.name, line.data, line.step])).toEqual([
      ['Control', [0.5, 0.1, 0.02], 'start'],
      ['Green', [0.5, 0.9, 0.98], 'start'],
    ]);
  });

  it('takes the probabilities of being best from the latest period past the burn-in', () => {
    expect(latestProbabilities(periods)).toEqual({ a: 0.02, b: 0.98 });
    expect(latestProbabilities(periods.slice(0, 1))).toBeNull();
  });
});
