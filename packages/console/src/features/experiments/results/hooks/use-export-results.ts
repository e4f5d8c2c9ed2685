import type { ExperimentResults } from '@tabula/protocol';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../../lib/download';
import { toCsv } from '../utils/csv';
import { resultsCsvRows } from '../utils/results-csv';

// Spreadsheet programs read a file as UTF-8 (names in Chinese or Japanese included) only when it starts with a BOM.
const BYTE_ORDER_MARK = '\uFEFF';

/** Downloads the results table as `<experiment>-results.csv`, headers and labels in the reader's language. */
export function useExportResults(experimentKey: string) {
  const { t } = useTranslation('results');
  return useCallback(
    (results: ExperimentResults) => {
      const rows = resultsCsvRows(results, {
        column: (column) => t(`csv.${column}`),
        role: (role) => t(`roles.${role}`),
        verdict: (verdict) => t(`verdicts.${verdict}`),
      });
      downloadText(`${experimentKey}-results.csv`, BYTE_ORDER_MARK + toCsv(rows), 'text/csv;charset=utf-8');
    },
    [t, experimentKey],
  );
}
