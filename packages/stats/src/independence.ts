import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';

export interface IndependenceResult {
  chiSquare: number;
  degreesOfFreedom: number;
  pValue: number;
}

/**
 * Pearson's chi-square test of independence of an r×c contingency table (rows: one classification, columns: the
 * other): X² = Σ (O − E)² / E with E = row total × column total / n, df = (r' − 1)(c' − 1) over the rows and columns
 * that hold any count (Agresti, Categorical Data Analysis, 3rd ed., 2013, §3.2.1). No continuity correction.
 */
export function independenceTest(table: readonly (readonly number[])[]): IndependenceResult {
  const columns = table[0]?.length ?? 0;
  if (table.length < 2 || columns < 2 || table.some((row) => row.length !== columns)) {
    throw new RangeError('independenceTest needs a table of at least 2 rows and 2 columns, every row as long');
  }
  const rowTotals = table.map((row) => row.reduce((sum, count) => sum + count, 0));
  const columnTotals = Array.from({ length: columns }, (_, column) =>
    table.reduce((sum, row) => sum + (row[column] ?? 0), 0),
  );
  const total = rowTotals.reduce((sum, count) => sum + count, 0);
  // An empty row or column expects nothing and says nothing about dependence.
  const rows = rowTotals.filter((count) => count > 0).length;
  const filled = columnTotals.filter((count) => count > 0).length;
  if (rows < 2 || filled < 2) return { chiSquare: 0, degreesOfFreedom: 0, pValue: 1 };
  let chiSquare = 0;
  table.forEach((row, r) => {
    row.forEach((count, c) => {
      const expected = ((rowTotals[r] ?? 0) * (columnTotals[c] ?? 0)) / total;
      if (expected > 0) chiSquare += ((count - expected) * (count - expected)) / expected;
    });
  });
  const degreesOfFreedom = (rows - 1) * (filled - 1);
  return { chiSquare, degreesOfFreedom, pValue: 1 - chisquareCdf(chiSquare, degreesOfFreedom) };
}
