import type { Health } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A database that hangs must not hang the health check: a load balancer needs an answer. */
const PING_TIMEOUT_MS = 2000;

async function ping(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(db: Database, version: string): Promise<Health> {
  return (await ping(db))
    ? { status: 'ok', database: 'up', version }
    : { status: 'degraded', database: 'down', version };
}
