import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const serverDir = new URL('../../packages/server/', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  port: number;
  /** Its PostgreSQL database; null on PGlite. */
  databaseUrl: string | null;
  /**
   * Reads the server's database directly, to check what a test did reached it. PostgreSQL is read live; PGlite
   * belongs to one process at a time, so it is read once the server has halted.
   */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** Ends the server process and keeps its data for query(). */
  halt(): Promise<void>;
  /** Kills the process outright (SIGKILL), as a crash would: nothing in flight is finished. */
  crash(): Promise<void>;
  /** Ends the server process and removes its data. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** With DATABASE_URL set the browser test gets its own fresh PostgreSQL database, dropped afterwards. */
async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { drop: async () => {} };
  const name = `tabula_e2e_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy within 60 s:\n${output()}`);
}

type ServerEnv = Record<string, string>;

/** A server answers what it is doing and stops; one that is still running after this is stuck. */
const SHUTDOWN_LIMIT_MS = 20_000;

/**
 * Starts the real server as a user would (its own process, its own data directory), on a free port. Variables that
 * name the server's own addresses are given as a function of that port. On PostgreSQL, another server can be started
 * on the same database, as a second process behind a load balancer would run.
 */
export async function startServer(
  extraEnv: ServerEnv | ((port: number) => ServerEnv) = {},
  options: { sharingDatabaseOf?: RunningServer } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tabula-e2e-'));
  const shared = options.sharingDatabaseOf?.databaseUrl;
  // A second server on the same PostgreSQL database: the first one's owner drops it.
  const database = shared ? { url: shared, drop: async () => {} } : await freshDatabase();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    TABULA_DATA_DIR: dataDir,
    TABULA_PUBLIC_URL: url,
    // Tests start from an empty instance; the demo project has a test that asks for it.
    TABULA_DEMO: 'false',
    ...(typeof extraEnv === 'function' ? extraEnv(port) : extraEnv),
  };
  if (database.url) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  try {
    await waitForHealth(url, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    await database.drop();
    throw error;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const halt = async () => {
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), SHUTDOWN_LIMIT_MS)));
    const outcome = await Promise.race([exited, late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server did not stop within ${SHUTDOWN_LIMIT_MS / 1000} s of SIGTERM:\n${log.slice(-4000)}`);
    }
  };
  return {
    url,
    port,
    databaseUrl: database.url ?? null,
    async query<T>(text: string, values: unknown[] = []) {
      if (database.url) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          return (await client.query(text, values)).rows as T[];
        } finally {
          await client.end();
        }
      }
      if (child.exitCode === null && child.signalCode === null)
        throw new Error('halt the server before reading PGlite');
      const embedded = await PGlite.create(join(dataDir, 'pglite'));
      try {
        return (await embedded.query<T>(text, values)).rows;
      } finally {
        await embedded.close();
      }
    },
    halt,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      await halt();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
