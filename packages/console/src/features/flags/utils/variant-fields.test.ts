import { describe, expect, it } from 'vitest';
import {
  defaultVariantFields,
  formatVariantValue,
  isVariantValue,
  toVariantFields,
  toVariants,
} from './variant-fields';

describe('variant fields', () => {
  it('start boolean flags with on and off, others with two variants to fill', () => {
    expect(defaultVariantFields('boolean')).toEqual([
      { key: 'on', value: true },
      { key: 'off', value: false },
    ]);
    expect(defaultVariantFields('json').map((field) => field.value)).toEqual(['{}', '{}']);
  });

  it('accept only values of the flag type, and JSON that parses', () => {
    expect(isVariantValue('number', 3.5)).toBe(true);
    expect(isVariantValue('number', null)).toBe(false);
    expect(isVariantValue('string', '')).toBe(true);
    expect(isVariantValue('json', '{"limit": 3}')).toBe(true);
    expect(isVariantValue('json', '{limit: 3}')).toBe(false);
    expect(isVariantValue('boolean', 'true')).toBe(false);
  });

  it('turn JSON text into values and back', () => {
    const variants = toVariants('json', [{ key: ' wide ', value: '{"columns": [1, 2]}' }]);
    expect(variants).toEqual([{ key: 'wide', value: { columns: [1, 2] } }]);
    expect(toVariantFields('json', variants)).toEqual([
      { key: 'wide', value: '{\n  "columns": [\n    1,\n    2\n  ]\n}' },
    ]);
    expect(toVariantFields('number', [{ key: 'few', value: 3 }])).toEqual([{ key: 'few', value: 3 }]);
  });

  it('show values so that types stay visible', () => {
    expect(formatVariantValue('')).toBe('""');
    expect(formatVariantValue(false)).toBe('false');
    expect(formatVariantValue({ a: 1 })).toBe('{"a":1}');
  });
});
