import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatChance,
  formatChange,
  formatCount,
  formatPValue,
  formatValue,
  type LiftMode,
  type MetricType,
  P_FLOOR,
} from '../utils/format';

/** The number formats of the results page, in the reader's language. */
export function useResultsFormat() {
  const { t, i18n } = useTranslation('results');
  const locale = i18n.language;
  return useMemo(() => {
    const points = (value: string) => t('units.points', { value });
    return {
      count: (value: number) => formatCount(value, locale),
      value: (type: MetricType, value: number | null) => formatValue(type, value, locale),
      change: (value: number | null, mode: LiftMode, type: MetricType, signed = true) =>
        formatChange(value, { mode, type, locale, points, signed }),
      pValue: (p: number) => formatPValue(p, locale),
      /** "p = 0.003", or "p < 0.001" where the exact value means nothing. */
      pStatement: (p: number) =>
        p < P_FLOOR
          ? t('p.below', { p: formatPValue(P_FLOOR, locale) })
          : t('p.equals', { p: formatPValue(p, locale) }),
      chance: (chance: number) => formatChance(chance, locale),
      share: (share: number) =>
        new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share),
    };
  }, [t, locale]);
}

export type ResultsFormat = ReturnType<typeof useResultsFormat>;
