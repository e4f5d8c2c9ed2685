import type { VitalName, VitalRating, VitalSummary } from '@tabula/protocol';

/** antd's status colours for the spec §9 ratings. */
export const RATING_COLORS: Record<VitalRating, 'success' | 'warning' | 'error'> = {
  good: 'success',
  'needs-improvement': 'warning',
  poor: 'error',
};

/** CLS is a score, to the precision its thresholds need; the others are times, in seconds once they pass one. */
export function formatVital(name: VitalName, value: number): string {
  if (name === 'CLS') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export interface PageVitals {
  page: string;
  vitals: Partial<Record<VitalName, VitalSummary>>;
}

/** One row per page, one cell per vital, in the order the spec lists them. */
export function vitalsByPage(summaries: VitalSummary[]): PageVitals[] {
  const pages = new Map<string, PageVitals>();
  for (const summary of summaries) {
    const row = pages.get(summary.page) ?? { page: summary.page, vitals: {} };
    row.vitals[summary.name] = summary;
    pages.set(summary.page, row);
  }
  return [...pages.values()];
}
