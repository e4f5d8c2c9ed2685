import type { Redis } from 'ioredis';
import {
  accountKey,
  backoffMs,
  LOGIN_THROTTLE,
  type LoginThrottleOptions,
  type LoginThrottleStore,
} from './login-throttle';

/**
 * One failure, counted at once for the address (a fixed window from its first failure) and the account (a window
 * that each failure renews); past the free failures it sets the account's wait, doubling as `backoffMs` does.
 * KEYS: address, account's failures, account's wait. ARGV: window, free failures, first wait, longest wait.
 * Waits and windows run on Redis's clock alone, so servers whose clocks differ still agree.
 */
const FAILED = `
local byAddress = redis.call('INCR', KEYS[1])
if byAddress == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local failures = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
local free = tonumber(ARGV[2])
if failures > free then
  local wait = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (failures - free - 1))
  redis.call('SET', KEYS[3], failures, 'PX', math.floor(wait))
end
return failures
`;

/** The address's failures and the time left of its window, and the time left of the account's wait. */
const CHECK = `
return { tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]), redis.call('PTTL', KEYS[2]) }
`;

interface ThrottleCommands {
  signInFailed(address: string, failures: string, wait: string, ...args: number[]): Promise<number>;
  signInCheck(address: string, wait: string): Promise<[number, number, number]>;
}

/** The sign-in throttle counted in Redis, so that every server process behind a load balancer sees each failure. */
export function redisThrottleStore(redis: Redis, options: LoginThrottleOptions = LOGIN_THROTTLE): LoginThrottleStore {
  redis.defineCommand('signInFailed', { numberOfKeys: 3, lua: FAILED });
  redis.defineCommand('signInCheck', { numberOfKeys: 2, lua: CHECK });
  const commands = redis as unknown as ThrottleCommands;
  const addressKey = (address: string) => `sign-in:address:${address}`;
  const failuresKey = (account: string) => `sign-in:account:${accountKey(account)}`;
  const waitKey = (account: string) => `sign-in:wait:${accountKey(account)}`;
  // The pure rule's first wait; login-throttle.redis.test.ts checks the later ones against it.
  const firstWait = backoffMs(options, options.freeFailures + 1);

  return {
    async check(address, account) {
      const [failures, windowLeftMs, waitLeftMs] = await commands.signInCheck(addressKey(address), waitKey(account));
      if (failures >= options.addressFailures) {
        return { allowed: false, retryAfterMs: windowLeftMs > 0 ? windowLeftMs : options.windowMs };
      }
      if (waitLeftMs > 0) return { allowed: false, retryAfterMs: waitLeftMs };
      return { allowed: true };
    },
    async failed(address, account) {
      await commands.signInFailed(
        addressKey(address),
        failuresKey(account),
        waitKey(account),
        options.windowMs,
        options.freeFailures,
        firstWait,
        options.maxBackoffMs,
      );
    },
    async succeeded(account) {
      await redis.del(failuresKey(account), waitKey(account));
    },
  };
}
