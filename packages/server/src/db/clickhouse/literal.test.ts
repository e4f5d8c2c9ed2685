import { describe, expect, it } from 'vitest';
import { chIdentifier, chInteger, chNumber, chString, chStrings } from './literal';

describe('ClickHouse literals', () => {
  it('quotes strings so that quotes and backslashes stay text', () => {
    expect(chString("it's")).toBe("'it\\'s'");
    expect(chString('a\\')).toBe("'a\\\\'");
    expect(chString("\\'; drop table event; --")).toBe("'\\\\\\'; drop table event; --'");
    expect(chStrings(['a', "b'"])).toBe("('a', 'b\\'')");
  });

  it('refuses numbers and names that are not what they claim', () => {
    expect(chNumber(1.5)).toBe('toFloat64(1.5)');
    expect(chNumber(-2e-7)).toBe('toFloat64(-2e-7)');
    expect(() => chNumber(Number.NaN)).toThrow();
    expect(chInteger(1_700_000_000_000)).toBe('1700000000000');
    expect(() => chInteger(-1)).toThrow();
    expect(() => chInteger(0.5)).toThrow();
    expect(chIdentifier('tabula_2')).toBe('tabula_2');
    expect(() => chIdentifier('a; drop')).toThrow();
    expect(() => chIdentifier('')).toThrow();
  });
});
