import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A limit Redis cannot answer within this is not enforced: a slow Redis must not slow down every request. */
const REDIS_TIMEOUT_MS = 500;
/** While Redis is down each request would warn; one line this often says it goes on. */
const WARN_EVERY_MS = 60_000;

/** Logs a warning at most once every `everyMs`, counting those it kept quiet since. */
export function occasionalWarning(log: FastifyBaseLogger, message: string, everyMs = WARN_EVERY_MS) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let quiet = 0;
  return (error: unknown) => {
    const at = Date.now();
    if (at - lastAt < everyMs) {
      quiet += 1;
      return;
    }
    log.warn({ err: error, alsoSince: quiet }, message);
    lastAt = at;
    quiet = 0;
  };
}

/**
 * The one client a server process shares its rate limits through. Commands fail fast rather than wait in a queue
 * while Redis is away: callers then count in this process alone.
 */
export function createRedis(url: string, keyPrefix: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on(
    'error',
    occasionalWarning(log, 'Redis is unreachable: rate limits are counted per process until it is back'),
  );
  return redis;
}

/** Quits cleanly when connected; otherwise stops reconnecting at once, as closing must not wait for Redis. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Falls through to disconnecting.
    }
  }
  redis.disconnect();
}

/**
 * Resolves once connected, or once the first attempt failed or took too long: a server starts whether Redis answers
 * or not, but one started beside a healthy Redis counts its very first requests there.
 */
export function firstConnection(redis: Redis, withinMs = REDIS_TIMEOUT_MS * 2): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, withinMs);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
