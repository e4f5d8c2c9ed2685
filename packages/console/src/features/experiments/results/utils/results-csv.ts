import type { ExperimentResults, MetricResult, Verdict } from '@tabula/protocol';
import type { CsvCell } from './csv';
import { observedChange } from './observed-change';

export const CSV_COLUMNS = [
  'metric',
  'role',
  'version',
  'units',
  'value',
  'absoluteChange',
  'relativeChange',
  'estimate',
  'lower',
  'upper',
  'level',
  'pValue',
  'adjustedPValue',
  'chanceToWin',
  'risk',
  'controlRisk',
  'verdict',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The words of the file, in the reader's language. */
export interface CsvLabels {
  column: (column: CsvColumn) => string;
  role: (role: MetricResult['role']) => string;
  verdict: (verdict: Verdict) => string;
}

/**
 * The results table as rows for a spreadsheet: numbers as the API gives them (rates as fractions, unrounded), the
 * metric and version by name.
 */
export function resultsCsvRows(results: ExperimentResults, labels: CsvLabels): CsvCell[][] {
  const nameOf = (key: string) => results.versions.find((version) => version.key === key)?.name ?? key;
  const rows: CsvCell[][] = [CSV_COLUMNS.map(labels.column)];
  for (const metric of results.metrics) {
    const control = metric.versions.find((row) => row.version === results.control)?.value ?? null;
    for (const row of metric.versions) {
      const { lift } = row;
      const change = lift ? observedChange(control, row.value) : { absolute: null, relative: null };
      rows.push([
        metric.name,
        labels.role(metric.role),
        nameOf(row.version),
        row.units,
        row.value,
        change.absolute,
        change.relative,
        lift?.estimate ?? null,
        lift?.ci[0] ?? null,
        lift?.ci[1] ?? null,
        lift?.level ?? null,
        lift?.pValue ?? null,
        lift?.adjustedPValue ?? null,
        lift?.chanceToWin ?? null,
        lift?.risk?.[1] ?? null,
        lift?.risk?.[0] ?? null,
        lift ? labels.verdict(lift.verdict) : null,
      ]);
    }
  }
  return rows;
}
