// How fast the server hands an SDK its payload: a project with 350 flags (about 100 kB of JSON), fetched with
// gzip and without a validator (a first load), and revalidated with If-None-Match (every later poll: 304).
// The payload is served from memory, so the database only matters at a rebuild: this runs on PGlite always.
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrate, schema } from '@tabula/server';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';

const FLAGS = 350;
const DURATION_SECONDS = 5;
const CONNECTIONS = 20;
const CLIENT_KEY = 'tbc_BenchPayloadKey23456789abcdefgh';

const WORDS = ['checkout', 'search', 'banner', 'pricing', 'onboarding', 'cart', 'promo', 'shipping', 'reviews'];

/** Deterministic variety (xorshift), so the payload compresses like real keys and values, not like one row repeated. */
function randomness(seed: number) {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const rollout = (treatment: number) => ({
  kind: 'rollout' as const,
  weights: [
    { variant: 'control', weight: 10_000 - treatment },
    { variant: 'treatment', weight: treatment },
  ],
});

/** Flags shaped like a real shop's: two variants each; some rolled out by percentage, some targeted. */
function flagRows(projectId: string, environmentId: string) {
  const random = randomness(20_261_121);
  const word = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const token = () => Math.floor(random() * 2 ** 32).toString(36);
  const flags = [];
  const environments = [];
  for (let index = 0; index < FLAGS; index++) {
    const id = `benchflag${String(index).padStart(7, '0')}`;
    const key = `${word()}-${word()}-${token()}`;
    flags.push({
      id,
      projectId,
      key,
      name: key,
      type: 'string' as const,
      variants: [
        { key: 'control', value: `${word()}-${token()}` },
        { key: 'treatment', value: `${word()}-${token()}` },
      ],
      defaultVariant: 'control',
      offVariant: 'control',
    });
    // Half are plain switches; the others roll out by percentage or target a country.
    const kind = random();
    const rules =
      kind < 0.5
        ? []
        : kind < 0.8
          ? [{ id: 'r1', conditions: [], segments: [], serve: rollout(Math.round(random() * 100) * 100) }]
          : [
              {
                id: 'r1',
                conditions: [{ attribute: 'country', operator: 'in', values: ['NL', 'DE'] }],
                segments: [],
                serve: { kind: 'variant' as const, variant: 'treatment' },
              },
            ];
    environments.push({ flagId: id, environmentId, enabled: random() < 0.8, rules });
  }
  return { flags, environments };
}

/** PGlite's files belong to one process: the bench seeds them first, then hands the directory to the server. */
async function seed(dataDir: string) {
  const database = await createDatabase({ dataDir });
  try {
    await migrate(database);
    const { db } = database;
    await db.insert(schema.organization).values({ id: 'benchorganization', name: 'Bench' });
    await db
      .insert(schema.project)
      .values({ id: 'benchproject0000', organizationId: 'benchorganization', name: 'Bench' });
    await db
      .insert(schema.environment)
      .values({ id: 'benchenvironment', projectId: 'benchproject0000', key: 'production', name: 'Production' });
    await db.insert(schema.apiKey).values({
      id: 'benchclientkey00',
      projectId: 'benchproject0000',
      environmentId: 'benchenvironment',
      kind: 'client',
      name: 'Bench',
      prefix: CLIENT_KEY.slice(0, 8),
      clientKey: CLIENT_KEY,
    });
    const { flags, environments } = flagRows('benchproject0000', 'benchenvironment');
    await db.insert(schema.flag).values(flags);
    await db.insert(schema.flagEnvironment).values(environments);
  } finally {
    await database.close();
  }
}

/** What travels for a client accepting `encoding` (fetch would decompress it before we could count). */
function compressedSize(url: string, encoding: 'gzip' | 'br'): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      if (response.headers['content-encoding'] !== encoding) reject(new Error(`the payload was not ${encoding}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

/** The header fields of a 304 as they travel (`name: value` and CRLF each, without the status line). */
function notModifiedHeaderBytes(url: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip, br', 'if-none-match': etag } }, (response) => {
      if (response.statusCode !== 304) reject(new Error(`expected 304, got ${response.statusCode}`));
      const { rawHeaders } = response;
      let bytes = 0;
      for (let index = 0; index < rawHeaders.length; index += 2) {
        bytes += Buffer.byteLength(`${rawHeaders[index]}: ${rawHeaders[index + 1]}\r\n`);
      }
      response.resume();
      resolve(bytes);
    }).on('error', reject);
  });
}

async function load(url: string, headers: Record<string, string>, expectedStatus: 200 | 304) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  const expected = expectedStatus === 200 ? result['2xx'] : result['3xx'];
  if (result.errors > 0 || expected !== result.requests.total) {
    throw new Error(`${url}: ${result.requests.total} requests, ${expected} answered ${expectedStatus}`);
  }
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'tabula-bench-payload-'));
delete process.env.DATABASE_URL;
await seed(dataDir);
const server = await startServer({ TABULA_DATA_DIR: dataDir });
try {
  const url = `${server.url}/sdk/v1/payload/${CLIENT_KEY}`;
  const first = await fetch(url);
  if (first.status !== 200) throw new Error(`payload: ${first.status} ${await first.text()}`);
  const body = Buffer.from(await first.arrayBuffer());
  const etag = first.headers.get('etag')!;
  const full = await load(url, { 'accept-encoding': 'gzip' }, 200);
  const notModified = await load(url, { 'accept-encoding': 'gzip', 'if-none-match': etag }, 304);
  console.log(
    JSON.stringify({
      name: 'payload',
      database: 'pglite',
      flags: FLAGS,
      connections: CONNECTIONS,
      seconds: DURATION_SECONDS,
      requestsPerSecond: full.requestsPerSecond,
      p99Ms: full.p99Ms,
      notModified,
      payloadBytes: body.length,
      gzipBytes: await compressedSize(url, 'gzip'),
      brotliBytes: await compressedSize(url, 'br'),
      notModifiedHeaderBytes: await notModifiedHeaderBytes(url, etag),
    }),
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
