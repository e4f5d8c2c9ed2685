import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the machine runs; CI runs where it does. */
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** Keys of their own for each run of a suite, which it removes afterwards. */
export const testKeyPrefix = () => `tabula-test:${randomBytes(6).toString('hex')}:`;

/**
 * Whether Redis answers. Suites that need it skip, saying why, where it does not; CI sets REQUIRE_REDIS=1 to fail
 * instead, so that shared limits are never left untested by accident.
 */
export async function redisAnswers(suite: string): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  let answers = false;
  try {
    await probe.connect();
    answers = (await probe.ping()) === 'PONG';
  } catch {
    answers = false;
  } finally {
    probe.disconnect();
  }
  if (answers) return true;
  const message = `no Redis answers at ${REDIS_URL}`;
  if (process.env.REQUIRE_REDIS === '1') throw new Error(`${suite} need Redis (REQUIRE_REDIS=1), but ${message}`);
  console.warn(`Skipping ${suite}: ${message}`);
  return false;
}

/** Removes every key under `prefix`, through a client of its own without a key prefix. */
export async function removeKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
