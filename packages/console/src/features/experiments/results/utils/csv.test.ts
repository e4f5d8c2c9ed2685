import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV', () => {
  it('quotes cells holding a comma, quote or line break, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('keeps text that a spreadsheet would run as a formula as text; numbers keep their sign', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell(-0.25)).toBe('-0.25');
  });

  it('leaves missing and non-finite numbers empty', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['b,c', null],
      ]),
    ).toBe('a,1\r\n"b,c",\r\n');
  });
});
