import { describe, expect, it } from 'vitest';
import { metricResult, resultsFixture } from '../testing/results-fixtures';
import { CSV_COLUMNS, resultsCsvRows } from './results-csv';

const labels = {
  column: (column: string) => column,
  role: (role: string) => role,
  verdict: (verdict: string) => verdict,
};

describe('results as CSV rows', () => {
  it('carries the Bayesian chance, both risks and the interval level beside the verdict', () => {
    const results = resultsFixture({
      method: 'bayesian',
      metrics: [
        metricResult({
          lift: { chanceToWin: 0.97, risk: [0.012, 0.0004], level: 0.9, ci: [0.01, 0.2], verdict: 'better' },
        }),
      ],
    });
    const [header, control, green] = resultsCsvRows(results, labels);
    expect(header).toEqual([...CSV_COLUMNS]);
    const cell = (row: unknown[] | undefined, column: (typeof CSV_COLUMNS)[number]) =>
      row?.[CSV_COLUMNS.indexOf(column)];
    expect(cell(green, 'chanceToWin')).toBe(0.97);
    expect(cell(green, 'risk')).toBe(0.0004);
    expect(cell(green, 'controlRisk')).toBe(0.012);
    expect(cell(green, 'level')).toBe(0.9);
    expect(cell(green, 'verdict')).toBe('better');
    expect(cell(control, 'risk')).toBeNull();
  });
});
