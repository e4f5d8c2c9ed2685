import type { Health } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { IngestState } from '../sdk-events/service';

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

/** Up when the database answers a ping and events are being stored: a load balancer takes the server out otherwise. */
export async function checkHealth(db: Database, ingest: IngestState, version: string): Promise<Health> {
  const database = (await ping(db)) ? 'up' : 'down';
  const status = database === 'up' && ingest === 'up' ? 'ok' : 'degraded';
  return { status, database, ingest, version };
}
