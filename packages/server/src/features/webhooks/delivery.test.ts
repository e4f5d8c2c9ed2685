import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@tabula/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { organization, project, webhook, webhookDelivery } from '../../db/schema';
import { newId } from '../../lib/ids';
import { secretBox } from '../../lib/secret-box';
import { enqueueWebhookEvent } from './service';
import { verifyWebhook } from './signature';
import { claimDueDeliveries, insertWebhook } from './store';
import { createDeliveryWorker } from './worker';

const PORT = 4300;
const SECRET = 'whsec_integration';
const quiet = { warn() {}, error() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;
const box = secretBox('delivery-test-secret'.padEnd(40, 'x'), 'webhook secrets');

/** A receiver as the README tells users to write one: verify, then dedupe by the delivery id. */
class Receiver {
  readonly counts = new Map<string, number>();
  badSignatures = 0;
  cut = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** Called with each request; returning true kills the server before it answers. */
  killWhen: (received: number) => boolean = () => false;

  async start() {
    const server = createServer((request, response) => void this.handle(request, response));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
    this.server = server;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += chunk;
    const timestamp = Number(request.headers[WEBHOOK_TIMESTAMP_HEADER]);
    const signature = String(request.headers[WEBHOOK_SIGNATURE_HEADER]);
    if (!verifyWebhook(SECRET, timestamp, body, signature)) this.badSignatures += 1;
    const id = String(request.headers[WEBHOOK_DELIVERY_HEADER]);
    expect(JSON.parse(body)).toMatchObject({ version: 1, id, type: request.headers[WEBHOOK_EVENT_HEADER] });
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    if (this.killWhen(this.counts.size)) {
      // Mid-delivery: this request (and every other in flight) got here, but no answer ever leaves.
      this.cut += 1;
      await this.stop();
      return;
    }
    response.writeHead(204).end();
  }

  async stop() {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

async function untilAllDelivered(database: TestDatabase, total: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await database.handle.db.select({ status: webhookDelivery.status }).from(webhookDelivery);
    if (rows.length === total && rows.every((row) => row.status === 'delivered')) return;
    if (Date.now() > deadline) throw new Error(`not all delivered: ${JSON.stringify(rows.map((r) => r.status))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhook delivery', () => {
  let database: TestDatabase;
  let projectId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const organizationId = newId();
    projectId = newId();
    await database.handle.db.insert(organization).values({ id: organizationId, name: 'Org' });
    await database.handle.db.insert(project).values({ id: projectId, organizationId, name: 'Shop' });
  });
  afterAll(async () => {
    await database.drop();
  });

  async function addWebhook(url: string) {
    const id = newId();
    await insertWebhook(database.handle.db, {
      id,
      projectId,
      name: 'Receiver',
      url,
      events: ['flag.changed'],
      format: 'json',
      enabled: true,
      secret: box.seal(SECRET),
    });
    return id;
  }

  const enqueue = (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        database.handle.db.transaction((tx) =>
          enqueueWebhookEvent(tx, { projectId, type: 'flag.changed', actor: null, data: { key: `flag-${index}` } }),
        ),
      ),
    ).then((ids) => ids.flat());

  it('never gives one due row to two claimers', async () => {
    const webhookId = await addWebhook(`http://127.0.0.1:${PORT}/claims`);
    const ids = await enqueue(40);
    const [a, b] = await Promise.all([
      claimDueDeliveries(database.handle.db, 25, 60_000),
      claimDueDeliveries(database.handle.db, 25, 60_000),
    ]);
    const claimed = [...a!, ...b!].map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(a!.every((row) => row.attempts === 1 && row.url.endsWith('/claims'))).toBe(true);
    // Leased: not due again until the lease runs out.
    expect(await claimDueDeliveries(database.handle.db, 25, 60_000)).toEqual([]);
    await database.handle.db.delete(webhookDelivery);
    expect(webhookId).toBeTruthy();
  });

  it('delivers every event once per idempotency id across a receiver killed mid-delivery', async () => {
    await database.handle.db.delete(webhookDelivery);
    await addWebhook(`http://127.0.0.1:${PORT}/hook`);
    const receiver = new Receiver();
    let killed = false;
    receiver.killWhen = (received) => {
      if (killed || received < 10) return false;
      killed = true;
      // Back on the same port a little later; retries meanwhile meet a refused connection.
      setTimeout(() => void receiver.start(), 500);
      return true;
    };
    await receiver.start();
    const worker = createDeliveryWorker({
      db: database.handle.db,
      secrets: box,
      log: quiet,
      backoff: { baseMs: 50, maxMs: 300 },
      pollMs: 50,
      batchSize: 5,
      timeoutMs: 2000,
      allowPrivate: true,
    });
    try {
      const ids = await enqueue(30);
      worker.wake();
      await untilAllDelivered(database, ids.length);
      expect(receiver.cut).toBe(1);
      expect(receiver.badSignatures).toBe(0);
      // Every event arrived; the one cut off mid-delivery arrived again (the receiver dedupes it by its id).
      expect([...receiver.counts.keys()].sort()).toEqual([...ids].sort());
      expect([...receiver.counts.values()].some((count) => count > 1)).toBe(true);
      const rows = await database.handle.db.select().from(webhookDelivery);
      expect(rows.some((row) => row.attempts > 1)).toBe(true);
      expect(rows.every((row) => row.responseCode === 204 && row.error === null && row.deliveredAt)).toBe(true);
      // The failures on the way were forgotten once delivered.
      expect(rows.every((row) => row.errorCode === null && row.errorParams === null)).toBe(true);
    } finally {
      await worker.close();
      await receiver.stop();
    }
  });

  it('gives up after the retry window', async () => {
    await database.handle.db.delete(webhookDelivery);
    const ids = await enqueue(1);
    await database.handle.db.update(webhookDelivery).set({ retryUntil: new Date(Date.now() + 100) });
    const worker = createDeliveryWorker({
      db: database.handle.db,
      secrets: box,
      log: quiet,
      backoff: { baseMs: 1000, maxMs: 1000 },
      pollMs: 50,
      allowPrivate: true,
    });
    try {
      // Nothing listens on the port now: the one attempt fails, and the next would fall past the window.
      await worker.runOnce();
      const rows = await database.handle.db.select().from(webhookDelivery);
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'failed', attempts: 1, responseCode: null });
        expect(row.error).toBeTruthy();
      }
    } finally {
      await worker.close();
    }
  });

  it('keeps going, and logs, while its database fails', async () => {
    const gone = await createTestDatabase();
    await gone.drop();
    const warnings: unknown[] = [];
    const log = { ...quiet, warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    const worker = createDeliveryWorker({ db: gone.handle.db, secrets: box, log, pollMs: 10 });
    await expect.poll(() => warnings.length, { timeout: 10_000 }).toBeGreaterThan(1);
    await worker.close();
  });

  it('refuses a receiver on this machine or a private network unless allowed, by address or by the name resolved', async () => {
    await database.handle.db.delete(webhookDelivery);
    await database.handle.db.delete(webhook);
    await addWebhook(`http://127.0.0.1:${PORT}/literal`);
    // The machine's own name resolves to one of its addresses; only the lookup made for the connection can tell.
    await addWebhook(`http://${hostname()}:${PORT}/resolved`);
    const receiver = new Receiver();
    await receiver.start();
    const refusing = createDeliveryWorker({ db: database.handle.db, secrets: box, log: quiet, pollMs: 60_000 });
    try {
      await enqueue(1);
      await refusing.runOnce();
      const rows = await database.handle.db.select().from(webhookDelivery);
      expect(rows.map((row) => row.error).sort()).toEqual([
        '127.0.0.1 is on a private network: this server sends webhooks only to public addresses (TABULA_WEBHOOK_ALLOW_PRIVATE)',
        expect.stringMatching(
          new RegExp(`^${hostname()} resolves to .+, which is on a private network: this server sends webhooks only`),
        ),
      ]);
      expect(rows.map((row) => ({ code: row.errorCode, params: row.errorParams }))).toEqual(
        expect.arrayContaining([
          { code: 'private_address', params: { host: '127.0.0.1', address: '127.0.0.1' } },
          { code: 'private_address', params: { host: hostname().toLowerCase(), address: expect.any(String) } },
        ]),
      );
      expect(rows.every((row) => row.status === 'pending' && row.responseCode === null)).toBe(true);
      expect(receiver.counts.size).toBe(0);
    } finally {
      await refusing.close();
    }
    // Allowed, the same rows reach the receiver when next due.
    await database.handle.db.update(webhookDelivery).set({ nextAttemptAt: new Date() });
    const allowing = createDeliveryWorker({
      db: database.handle.db,
      secrets: box,
      log: quiet,
      pollMs: 60_000,
      allowPrivate: true,
    });
    try {
      await allowing.runOnce();
      expect(receiver.counts.size).toBe(2);
    } finally {
      await allowing.close();
      await receiver.stop();
    }
  });
  it('records why each attempt failed, as a code with its figures beside the English sentence', async () => {
    await database.handle.db.delete(webhookDelivery);
    await database.handle.db.delete(webhook);
    const receiver = createServer((request, response) => {
      if (request.url === '/silent') return; // Never answers.
      if (request.url === '/empty') return void response.writeHead(503).end();
      if (request.url === '/long') return void response.writeHead(500).end('x'.repeat(5000));
      response.writeHead(500, { 'content-type': 'text/html' }).end('  <b>database down</b>\n');
    });
    await new Promise<void>((resolve) => receiver.listen(PORT + 1, '127.0.0.1', resolve));
    // An HTTPS receiver whose certificate signs itself, as a receiver set up in haste has.
    const certificates = mkdtempSync(join(tmpdir(), 'tabula-webhook-tls-'));
    const [keyFile, certificateFile] = [join(certificates, 'key.pem'), join(certificates, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
        ...['-keyout', keyFile, '-out', certificateFile],
      ],
      { stdio: 'ignore' },
    );
    const selfSigned = createTlsServer(
      { key: readFileSync(keyFile), cert: readFileSync(certificateFile) },
      (_request, response) => response.writeHead(204).end(),
    );
    rmSync(certificates, { recursive: true, force: true });
    await new Promise<void>((resolve) => selfSigned.listen(PORT + 3, '127.0.0.1', resolve));
    const urls = {
      answered: `http://127.0.0.1:${PORT + 1}/broken`,
      empty: `http://127.0.0.1:${PORT + 1}/empty`,
      long: `http://127.0.0.1:${PORT + 1}/long`,
      silent: `http://127.0.0.1:${PORT + 1}/silent`,
      // Nothing listens on this port.
      refused: `http://127.0.0.1:${PORT + 2}/hook`,
      certificate: `https://127.0.0.1:${PORT + 3}/hook`,
    };
    const ids = Object.fromEntries(
      await Promise.all(Object.entries(urls).map(async ([name, url]) => [await addWebhook(url), name])),
    );
    const unreadable = newId();
    await insertWebhook(database.handle.db, {
      id: unreadable,
      projectId,
      name: 'Sealed with another key',
      url: urls.answered,
      events: ['flag.changed'],
      format: 'json',
      enabled: true,
      secret: 'not a sealed secret',
    });
    ids[unreadable] = 'unreadable';
    const worker = createDeliveryWorker({
      db: database.handle.db,
      secrets: box,
      log: quiet,
      pollMs: 60_000,
      timeoutMs: 1000,
      allowPrivate: true,
    });
    try {
      await enqueue(1);
      await worker.runOnce();
      const rows = await database.handle.db.select().from(webhookDelivery);
      const outcome = Object.fromEntries(
        rows.map((row) => [
          ids[row.webhookId],
          { responseCode: row.responseCode, error: row.error, code: row.errorCode, params: row.errorParams },
        ]),
      );
      expect(outcome).toEqual({
        answered: {
          responseCode: 500,
          error: 'The receiver answered 500: <b>database down</b>',
          code: 'status',
          params: { status: 500, detail: '<b>database down</b>' },
        },
        empty: { responseCode: 503, error: 'The receiver answered 503', code: 'status', params: { status: 503 } },
        long: {
          responseCode: 500,
          error: `The receiver answered 500: ${'x'.repeat(300)}`,
          code: 'status',
          params: { status: 500, detail: 'x'.repeat(300) },
        },
        silent: { responseCode: null, error: 'No answer within 1 s', code: 'timeout', params: { seconds: 1 } },
        refused: {
          responseCode: null,
          error: expect.stringContaining('ECONNREFUSED'),
          code: 'connection',
          params: { host: '127.0.0.1', detail: expect.stringContaining('ECONNREFUSED') },
        },
        certificate: {
          responseCode: null,
          error: 'self-signed certificate',
          code: 'certificate',
          params: { host: '127.0.0.1', detail: 'self-signed certificate' },
        },
        unreadable: {
          responseCode: null,
          error: 'The signing secret could not be read: rotate it',
          code: 'secret_unreadable',
          params: {},
        },
      });
      // The English sentence quotes the low-level error as it was, and the figures keep it as data.
      expect(outcome.refused!.error).toBe(outcome.refused!.params!.detail);
    } finally {
      await worker.close();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
      await new Promise((resolve) => selfSigned.close(resolve));
    }
  });
});
