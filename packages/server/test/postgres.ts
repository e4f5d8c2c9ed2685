import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Test databases live beside the one DATABASE_URL names, on the same server. */
export const serverUrl = (): string | null => process.env.DATABASE_URL || null;

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl()!);
  url.pathname = `/${name}`;
  return url.href;
}

export const uniqueDatabaseName = (prefix: string): string => `${prefix}_${randomBytes(6).toString('hex')}`;

/** Runs one statement on the server's own database (CREATE/DROP DATABASE cannot run inside a pool's transaction). */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl()! });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
