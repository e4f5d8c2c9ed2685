import { PAGE_MATCHES, pageUrlMatches } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { PAGE_URL_PATTERNS, PAGE_URLS } from '../../../test/page-urls';
import { pageUrlMatchesSql } from './page-url-sql';

describe('page-view address matching in SQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each(PAGE_MATCHES)('answers as pageUrlMatches does for every pattern and address (%s)', async (match) => {
    const cases = PAGE_URL_PATTERNS.flatMap((pattern) => PAGE_URLS.map((url) => ({ pattern, url })));
    const expected = cases.map(({ pattern, url }) => pageUrlMatches(pattern, match, url));
    const answers = await Promise.all(
      cases.map(async ({ pattern, url }) => {
        const result = await database.handle.db.execute(
          sql`select ${pageUrlMatchesSql(pattern, match, sql`${url}::text`)} as matched`,
        );
        return (result as unknown as { rows: { matched: boolean }[] }).rows[0]!.matched;
      }),
    );
    expect(answers).toEqual(expected);
    // The corpus is worth something only if both answers occur.
    expect(expected).toContain(true);
    expect(expected).toContain(false);
  });
});
