import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { startFaultProxy } from '../../test/fault-proxy';
import { serverUrl } from '../../test/postgres';
import { createPool } from './pool';

describe.skipIf(!serverUrl())('database pool', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('gets its connection back when a transaction cannot even begin', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const proxy = await startFaultProxy(database.url!);
    cleanups.push(() => proxy.close());
    // One connection: a slot kept by the failed transaction would leave nothing for the next one.
    const pool = createPool(proxy.url, { max: 1, statementTimeoutMs: 100 }, () => {});
    cleanups.push(() => pool.end());
    const db = drizzle({ client: pool });
    await db.execute(sql`select 1`);

    proxy.blackHole();
    await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow('Failed query: begin');
    expect(pool.totalCount - pool.idleCount).toBe(0);

    proxy.heal();
    const answer = await db.transaction((tx) => tx.execute(sql`select 2 as two`));
    expect(answer.rows).toEqual([{ two: 2 }]);
  });
});
