import { PAGE_MATCHES, pageUrlMatches } from '@tabula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseAnswers, createTestClickHouse, type TestClickHouse } from '../../../test/clickhouse';
import { PAGE_URL_PATTERNS, PAGE_URLS } from '../../../test/page-urls';
import { chString } from '../../db/clickhouse/literal';
import { chPageUrlMatches } from './clickhouse-page-url-sql';

const available = await clickhouseAnswers('the ClickHouse page-view address matching tests');

describe.runIf(available)('page-view address matching in ClickHouse', () => {
  let store: TestClickHouse;
  beforeAll(async () => {
    store = await createTestClickHouse();
  });
  afterAll(async () => {
    await store?.drop();
  });

  it.each(PAGE_MATCHES)('answers as pageUrlMatches does for every pattern and address (%s)', async (match) => {
    const addresses = `[${PAGE_URLS.map(chString).join(', ')}]`;
    const answers = await Promise.all(
      PAGE_URL_PATTERNS.map(async (pattern) => {
        const rows = await store.clickhouse.rows<{ matched: number }>(
          `SELECT ${chPageUrlMatches(pattern, match, 'url')} AS matched FROM (SELECT arrayJoin(${addresses}) AS url)`,
        );
        return rows.map((row) => row.matched === 1);
      }),
    );
    const expected = PAGE_URL_PATTERNS.map((pattern) => PAGE_URLS.map((url) => pageUrlMatches(pattern, match, url)));
    expect(answers).toEqual(expected);
  });
});
