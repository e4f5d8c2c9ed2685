import type { AlertFinding } from '@tabula/protocol';
import type { ResultsFormat } from '../hooks/use-results-format';

/** Names to show for the keys an alert names; a key the experiment no longer has shows as itself. */
export interface AlertNames {
  metric: (key: string) => string;
  version: (key: string) => string;
}

/** The translation key and values of an alert's sentence, its figures formatted for the reader. */
export function alertText(
  alert: AlertFinding,
  names: AlertNames,
  format: ResultsFormat,
): { key: string; values: Record<string, string> } {
  const key = `alerts.text.${alert.kind}`;
  switch (alert.kind) {
    case 'guardrail_regression': {
      const { estimate, ci, adjustedPValue } = alert.figures;
      const change = (value: number | null) => format.change(value, 'relative', 'conversion');
      return {
        key,
        values: {
          metric: names.metric(alert.metric),
          version: names.version(alert.version),
          change: change(estimate),
          lower: change(ci[0]),
          upper: change(ci[1]),
          p: adjustedPValue === null ? '—' : format.pStatement(adjustedPValue),
        },
      };
    }
    case 'srm':
      return {
        key,
        values: {
          split: alert.figures.versions
            .map((version) => `${names.version(version.key)} ${format.count(version.units)}`)
            .join(', '),
          p: format.pStatement(alert.figures.pValue),
        },
      };
    case 'no_traffic':
      return { key, values: { version: names.version(alert.version), total: format.count(alert.figures.totalUnits) } };
  }
}
