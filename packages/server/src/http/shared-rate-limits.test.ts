import net from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { PASSWORD, uniqueEmail } from '../../test/client';
import { startFaultProxy } from '../../test/fault-proxy';
import { REDIS_URL, redisAnswers, removeKeys, testKeyPrefix } from '../../test/redis';

const available = await redisAnswers('the shared rate limit tests');

/** A port nothing listens on: Redis there refuses every connection. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const signUp = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { email: uniqueEmail('shared'), password: PASSWORD, name: 'Shared', organizationName: 'Shared org' },
  });

const logIn = (app: FastifyInstance, email: string, password = 'not the password at all') =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

describe.skipIf(!available)('rate limits shared through Redis', () => {
  // Each run counts under keys of its own, removed afterwards.
  const prefix = testKeyPrefix();
  const apps: TestApp[] = [];
  const start = async (overrides: Parameters<typeof createTestApp>[0], logStream?: NodeJS.WritableStream) => {
    const t = await createTestApp({ redisKeyPrefix: prefix, ...overrides }, { logStream });
    apps.push(t);
    return t;
  };

  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await removeKeys(prefix);
  });

  it('refuses on one server the sign-ups another server already counted', async () => {
    const first = await start({ redisUrl: REDIS_URL, accountRequestsPerHour: 2 });
    const second = await start({ redisUrl: REDIS_URL, accountRequestsPerHour: 2 });
    expect((await signUp(first.app)).statusCode).toBe(201);
    expect((await signUp(first.app)).statusCode).toBe(201);
    const refused = await signUp(second.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    const redis = new Redis(REDIS_URL);
    expect(await redis.keys(`${prefix}rate-limit:*`)).not.toHaveLength(0);
    await redis.quit();
  });

  it("makes every server wait out an account's failed sign-ins, and forget them after the right password", async () => {
    const first = await start({ redisUrl: REDIS_URL });
    const second = await start({ redisUrl: REDIS_URL });
    const signedUp = await signUp(first.app);
    const { email } = signedUp.json().user as { email: string };
    // Five failures are free; the sixth makes the next attempt wait, on either server.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await logIn(attempt % 2 === 0 ? first.app : second.app, email)).statusCode).toBe(401);
    }
    const waiting = await logIn(second.app, email, PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBe(1);
    // The wait over, the right password goes through on the other server and clears the account everywhere.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await logIn(first.app, email, PASSWORD)).statusCode).toBe(200);
    expect((await logIn(second.app, email)).statusCode).toBe(401);
    expect((await logIn(first.app, email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers every request while Redis is unreachable, throttling sign-ins in the process and warning once', async () => {
    const log = new PassThrough();
    const lines: string[] = [];
    log.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const port = await closedPort();
    const t = await start({ redisUrl: `redis://127.0.0.1:${port}`, accountRequestsPerHour: 2, logger: true }, log);
    // The route limit cannot be counted: requests go through rather than fail.
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await signUp(t.app)).statusCode).toBe(201);
    const email = uniqueEmail('unreachable');
    for (let attempt = 0; attempt < 6; attempt += 1) expect((await logIn(t.app, email)).statusCode).toBe(401);
    expect((await logIn(t.app, email)).statusCode).toBe(429);
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40);
    const about = (text: string) => warnings.filter((warning) => warning.msg.includes(text));
    expect(about('rate limits are not enforced')).toHaveLength(1);
    expect(about('sign-in throttle counts in this process')).toHaveLength(1);
  });

  it('keeps answering, within the command timeout, when Redis stops answering mid-run', async () => {
    const proxy = await startFaultProxy(REDIS_URL);
    try {
      // Apart from the other tests' counts: this one starts with a fresh sign-up limit.
      const t = await start({ redisUrl: proxy.url, redisKeyPrefix: `${prefix}black-hole:`, accountRequestsPerHour: 1 });
      expect((await signUp(t.app)).statusCode).toBe(201);
      expect((await signUp(t.app)).statusCode).toBe(429);
      proxy.blackHole();
      const startedAt = Date.now();
      const answered = await signUp(t.app);
      expect(answered.statusCode).toBe(201);
      const email = uniqueEmail('black-hole');
      expect((await logIn(t.app, email)).statusCode).toBe(401);
      expect(Date.now() - startedAt).toBeLessThan(5000);
    } finally {
      await proxy.close();
    }
  });
});
