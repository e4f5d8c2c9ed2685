export type CsvCell = string | number | null;

/** Spreadsheets run a text cell starting with one of these as a formula: such text is kept as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell by RFC 4180: quoted when it holds a comma, quote or line break, with its quotes doubled. */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows end in CRLF, as RFC 4180 and spreadsheet programs expect. */
export const toCsv = (rows: readonly (readonly CsvCell[])[]): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
