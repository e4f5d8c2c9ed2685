import { PAGE_MATCHES, pageUrlMatches } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { pageUrlMatchesSql } from './page-url-sql';

const PATTERNS = [
  'https://shop.example/checkout',
  'https://shop.example/checkout/',
  'https://SHOP.example:443/checkout',
  'http://shop.example:80/',
  'https://*.shop.example/*',
  'https://shop.example/products/*/reviews',
  'https://shop.example/search?q=*',
  'https://shop.example/100%_off',
  'https://shop.example/a\\b',
  'https://shop.example/page#top',
  'shop.example/checkout',
];

const URLS = [
  'https://shop.example/checkout',
  'https://shop.example/checkout/',
  'https://shop.example/checkout?utm=mail#pay',
  'http://shop.example/checkout',
  'https://shop.example:443/checkout',
  'https://shop.example:8443/checkout',
  'https://Shop.Example/Checkout',
  'http://shop.example',
  'https://eu.shop.example/anything/at/all',
  'https://shop.example/products/42/reviews',
  'https://shop.example/products/42/reviews/extra',
  'https://shop.example/search?q=shoes',
  'https://shop.example/search',
  'https://shop.example/100%_off',
  'https://shop.example/100xxoff',
  'https://shop.example/a\\b',
  'https://shop.example/page#top',
  'https://shop.example/page',
  '  https://shop.example/checkout  ',
  '/checkout',
  'not a url',
];

describe('page-view address matching in SQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each(PAGE_MATCHES)('answers as pageUrlMatches does for every pattern and address (%s)', async (match) => {
    const cases = PATTERNS.flatMap((pattern) => URLS.map((url) => ({ pattern, url })));
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
