import { describe, expect, it } from 'vitest';
import { formatChance, formatChange, formatPValue, formatValue, margin } from './format';

const points = (value: string) => `${value} pp`;

describe('results formats', () => {
  it('reads rates as percentages and means as numbers', () => {
    expect(formatValue('conversion', 0.1234, 'en')).toBe('12.34%');
    expect(formatValue('sum', 42.125, 'en')).toBe('42.13');
    expect(formatValue('count', 12345.6, 'en')).toBe('12,346');
    expect(formatValue('ratio', null, 'en')).toBe('—');
  });

  it('reads an absolute change of a rate in percentage points, and a relative one as a signed percentage', () => {
    expect(formatChange(0.012, { mode: 'absolute', type: 'conversion', locale: 'en', points })).toBe('+1.20 pp');
    expect(formatChange(-0.041, { mode: 'relative', type: 'conversion', locale: 'en', points })).toBe('-4.1%');
    expect(formatChange(2.5, { mode: 'absolute', type: 'sum', locale: 'en', points })).toBe('+2.500');
    expect(formatChange(0.012, { mode: 'relative', type: 'sum', locale: 'en', points, signed: false })).toBe('1.2%');
  });

  it('never shows a p-value or a chance as exact past its precision', () => {
    expect(formatPValue(0.0034, 'en')).toBe('0.003');
    expect(formatPValue(0.00002, 'en')).toBe('< 0.001');
    expect(formatChance(0.9962, 'en')).toBe('99.6%');
    expect(formatChance(0.99999, 'en')).toBe('> 99.9%');
    expect(formatChance(0.00001, 'en')).toBe('< 0.1%');
  });

  it('takes half the interval as the margin', () => {
    expect(margin([0.029, 0.053])).toBeCloseTo(0.012, 12);
    expect(margin([null, 0.1])).toBeNull();
  });
});
