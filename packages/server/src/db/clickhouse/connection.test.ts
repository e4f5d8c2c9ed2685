import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLICKHOUSE_TEST_URL, clickhouseAnswers } from '../../../test/clickhouse';
import { startFaultProxy } from '../../../test/fault-proxy';
import { isDatabaseUnavailable } from '../unavailable';
import { connectClickHouse, readClickHouseUrl } from './connection';
import { chString } from './literal';

const available = await clickhouseAnswers('the ClickHouse connection tests');

describe('ClickHouse connection', () => {
  it('takes user, password and database out of the address', () => {
    expect(readClickHouseUrl('https://ana:s%3Acret@ch.example.com:8443/events_1')).toEqual({
      url: 'https://ch.example.com:8443',
      username: 'ana',
      password: 's:cret',
      database: 'events_1',
    });
    expect(readClickHouseUrl('http://127.0.0.1:8123')).toMatchObject({ username: 'default', database: 'tabula' });
    expect(() => readClickHouseUrl('http://127.0.0.1:8123/a-b')).toThrow();
  });

  it.runIf(available)('sends any text as a literal that ClickHouse reads back unchanged', async () => {
    const clickhouse = connectClickHouse({ url: CLICKHOUSE_TEST_URL, cluster: null });
    try {
      const texts = ["it's", 'back\\slash', "\\'", 'line\nbreak\ttab', '日本語 ✓', "'; SELECT 1; --"];
      for (const text of texts) {
        const [row] = await clickhouse.rows<{ text: string }>(`SELECT ${chString(text)} AS text`);
        expect(row?.text).toBe(text);
      }
    } finally {
      await clickhouse.close();
    }
  });

  it('gives up on a server that does not answer, or is not there, as one that is away for now', async () => {
    // Accepts connections and never answers, as a server does whose network dropped.
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const black = connectClickHouse({ url: `http://127.0.0.1:${port}/tabula`, cluster: null });
    silent.close();
    const gone = connectClickHouse({ url: `http://127.0.0.1:${port}/tabula`, cluster: null });
    try {
      const failures = await Promise.all([
        black.rows('SELECT 1', 200).catch((error: unknown) => error),
        gone.rows('SELECT 1', 200).catch((error: unknown) => error),
      ]);
      for (const failure of failures) expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await black.close();
      await gone.close();
    }
  });

  it.runIf(available)('takes a query cut short by its time limit for a server busy for now', async () => {
    const clickhouse = connectClickHouse({ url: CLICKHOUSE_TEST_URL, cluster: null });
    try {
      const failure = await clickhouse
        .rows('SELECT count() FROM numbers(100000000000) WHERE sipHash64(number) = 0', 1000)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await clickhouse.close();
    }
  });
});

describe('ClickHouse connection reuse', () => {
  it.runIf(available)('lets an idle connection go well before ClickHouse closes its end', async () => {
    const proxy = await startFaultProxy(CLICKHOUSE_TEST_URL);
    const clickhouse = connectClickHouse({ url: proxy.url, cluster: null });
    try {
      await clickhouse.rows('SELECT 1');
      await clickhouse.rows('SELECT 1');
      expect(proxy.opened()).toBe(1);
      // Idle for 2 s of 3 (ClickHouse's keep-alive until 23.11), and busy meanwhile as a loaded machine can make it, so
      // no timer ran: a request sent on that connection now could meet it closing, and fail.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_000);
      expect(await clickhouse.rows<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(proxy.opened()).toBe(2);
    } finally {
      await clickhouse.close();
      await proxy.close();
    }
  });
});
