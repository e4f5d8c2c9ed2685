import type { MetricResult } from '@tabula/protocol';

export type MetricType = MetricResult['type'];
export type LiftMode = 'relative' | 'absolute';

/** Percentage points in the reader's language, e.g. "4.10 pp". */
export type PointsLabel = (value: string) => string;

const format = (locale: string, value: number, options: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(locale, options).format(value);

export const formatCount = (value: number, locale: string): string =>
  format(locale, value, { maximumFractionDigits: 0 });

/** Four significant digits tell versions apart and line up in a column; large means need no decimals. */
const meanOptions = (value: number): Intl.NumberFormatOptions =>
  Math.abs(value) >= 1000 ? { maximumFractionDigits: 0 } : { minimumSignificantDigits: 4, maximumSignificantDigits: 4 };

/** A rate reads as a percentage; a mean, sum per unit or ratio as a plain number. */
export function formatValue(type: MetricType, value: number | null, locale: string): string {
  if (value === null) return '—';
  if (type === 'conversion') {
    return format(locale, value, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  return format(locale, value, meanOptions(value));
}

interface ChangeFormat {
  mode: LiftMode;
  type: MetricType;
  locale: string;
  points: PointsLabel;
  /** With a sign (a change) or without (a margin). */
  signed?: boolean;
}

/**
 * A change between versions: relative as a percentage of control; absolute in the metric's own unit, which for a
 * rate is percentage points (a rise from 10% to 12% is 2 points, not 2%).
 */
export function formatChange(change: number | null, { mode, type, locale, points, signed = true }: ChangeFormat) {
  if (change === null) return '—';
  const signDisplay = signed ? 'exceptZero' : 'auto';
  if (mode === 'relative') {
    return format(locale, change, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      signDisplay,
    });
  }
  if (type === 'conversion') {
    return points(format(locale, change * 100, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay }));
  }
  return format(locale, change, { ...meanOptions(change), signDisplay });
}

/** Below this a p-value reads as "< 0.001": the exact value means nothing to a reader. */
export const P_FLOOR = 0.001;

/** Three decimals. */
export function formatPValue(p: number, locale: string): string {
  const digits = { minimumFractionDigits: 3, maximumFractionDigits: 3 };
  return p < P_FLOOR ? `< ${format(locale, P_FLOOR, digits)}` : format(locale, p, digits);
}

const CHANCE_EDGE = 0.001;

/** A chance never reads as a certainty: past 99.9% it is "> 99.9%". */
export function formatChance(chance: number, locale: string): string {
  const percent = (value: number) =>
    format(locale, value, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (chance > 1 - CHANCE_EDGE) return `> ${percent(1 - CHANCE_EDGE)}`;
  if (chance < CHANCE_EDGE) return `< ${percent(CHANCE_EDGE)}`;
  return percent(chance);
}

/** Half the interval's width: the "±" of a plain-language summary. */
export const margin = ([lower, upper]: readonly [number | null, number | null]): number | null =>
  lower === null || upper === null ? null : (upper - lower) / 2;
