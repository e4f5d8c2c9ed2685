import { init } from 'echarts/core';
import { describe, expect, it } from 'vitest';
// Registers the chart types and renderer the console draws with.
import '../../../../components/echart';
import { liftChartOption, pointLabel } from './chart-options';

const versions = [
  { key: 'control', name: 'Blue' },
  { key: 'green', name: 'Green' },
];
const series = [
  { day: '2026-11-15', units: { control: 10, green: 10 }, lifts: { green: { estimate: 0.1, ci: [-0.4, 1.7] } } },
  { day: '2026-11-16', units: { control: 20, green: 20 }, lifts: { green: { estimate: 0.2, ci: [0.05, 0.35] } } },
  { day: '2026-11-17', units: { control: 30, green: 30 }, lifts: { green: { estimate: -0.3, ci: [-0.5, -0.1] } } },
] as const;

/** Where echarts draws the top of each day's band: the stacked value of the series that fills it. */
function bandTops(): number[] {
  const chart = init(document.createElement('div'), undefined, { renderer: 'svg', width: 600, height: 300 });
  const option = liftChartOption({
    series: series.map((point) => ({
      ...point,
      lifts: { green: { ...point.lifts.green, ci: [...point.lifts.green.ci] } },
    })),
    versions,
    control: 'control',
    theme: { text: '#000', split: '#ccc' },
    formatLift: String,
  });
  chart.setOption(option);
  // The band's height is the last series: its stacked values are the interval's upper ends.
  const model = (chart as unknown as { getModel(): { getSeriesByIndex(index: number): { getData(): StackedData } } })
    .getModel()
    .getSeriesByIndex((option.series as unknown[]).length - 1);
  const data = model.getData();
  const dimension = data.getCalculationInfo('stackResultDimension');
  const tops = series.map((_, index) => data.get(dimension, index) as number);
  chart.dispose();
  return tops;
}

interface StackedData {
  getCalculationInfo(key: 'stackResultDimension'): string;
  get(dimension: string, index: number): unknown;
}

describe('the lift chart', () => {
  it('draws each interval from its lower to its upper end, whatever their signs', () => {
    expect(bandTops()).toEqual(series.map((point) => expect.closeTo(point.lifts.green.ci[1], 10)));
  });
});

describe('the time axis', () => {
  it('labels a point by its day, and by its hour while the experiment counts hours', () => {
    const point = { units: {}, lifts: {} };
    expect(pointLabel({ ...point, day: '2026-11-15' })).toBe('2026-11-15');
    expect(pointLabel({ ...point, day: '2026-11-15', hour: '09:00' })).toBe('2026-11-15 09:00');
  });
});
