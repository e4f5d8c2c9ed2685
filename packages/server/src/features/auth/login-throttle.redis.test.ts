import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisAnswers, removeKeys, testKeyPrefix } from '../../../test/redis';
import { LOGIN_THROTTLE, type LoginThrottleStore, memoryThrottleStore, withFallback } from './login-throttle';
import { redisThrottleStore } from './login-throttle.redis';

const prefix = testKeyPrefix();
const redis = (await redisAnswers('the Redis sign-in throttle tests'))
  ? new Redis(REDIS_URL, { keyPrefix: prefix })
  : null;

describe.skipIf(!redis)('the sign-in throttle in Redis', () => {
  const store = () => redisThrottleStore(redis as Redis);

  afterAll(async () => {
    await redis?.quit();
    await removeKeys(prefix);
  });

  it('makes an account wait as the in-memory rule does: doubling from the sixth failure, up to a minute', async () => {
    const throttle = store();
    const account = `ana-${prefix}@example.com`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await throttle.check('10.0.0.1', account)).toEqual({ allowed: true });
      await throttle.failed('10.0.0.1', account);
    }
    expect(await throttle.check('10.0.0.1', account)).toEqual({ allowed: true });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      await throttle.failed('10.0.0.1', ` ${account.toUpperCase()}`);
      const verdict = await throttle.check('10.0.0.2', account);
      if (verdict.allowed) throw new Error('expected a wait');
      waits.push(verdict.retryAfterMs);
    }
    // Redis's own clock ran a few milliseconds between setting a wait and reading it.
    const expected = [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000];
    waits.forEach((wait, index) => {
      expect(wait).toBeLessThanOrEqual(expected[index]!);
      expect(wait).toBeGreaterThan(expected[index]! - 250);
    });
    await throttle.succeeded(account);
    expect(await throttle.check('10.0.0.3', account)).toEqual({ allowed: true });
  });

  it('stops an address after its failures over any accounts, until its window passes', async () => {
    const throttle = store();
    const address = `10.9.${prefix.length}.1`;
    for (let attempt = 0; attempt < LOGIN_THROTTLE.addressFailures; attempt += 1) {
      await throttle.failed(address, `victim-${attempt}@example.com`);
    }
    const verdict = await throttle.check(address, 'someone-else@example.com');
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) {
      expect(verdict.retryAfterMs).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMs);
      expect(verdict.retryAfterMs).toBeGreaterThan(LOGIN_THROTTLE.windowMs - 5000);
    }
    expect(await throttle.check('10.9.9.9', 'someone-else@example.com')).toEqual({ allowed: true });
  });
});

describe('a shared throttle that fails', () => {
  it('answers from the local store and reports the error', async () => {
    const broken: LoginThrottleStore = {
      check: () => Promise.reject(new Error('down')),
      failed: () => Promise.reject(new Error('down')),
      succeeded: () => Promise.reject(new Error('down')),
    };
    const errors: unknown[] = [];
    const throttle = withFallback(broken, memoryThrottleStore(), (error) => errors.push(error));
    for (let attempt = 0; attempt < 6; attempt += 1) await throttle.failed('10.0.0.1', 'ana@example.com');
    expect(await throttle.check('10.0.0.1', 'ana@example.com')).toMatchObject({ allowed: false });
    await throttle.succeeded('ana@example.com');
    expect(await throttle.check('10.0.0.1', 'ana@example.com')).toEqual({ allowed: true });
    expect(errors).toHaveLength(9);
  });
});
