/**
 * Failed sign-ins are limited two ways at once, since they guard against two attacks:
 * - per address: one address trying many accounts (password spraying) is stopped after `addressFailures` failures
 *   in `windowMs`, whatever the accounts;
 * - per account: after `freeFailures` failures, each attempt must wait a back-off that doubles with every further
 *   failure, up to `maxBackoffMs`. Once it has passed, the right password is accepted: nobody guessing at an account
 *   can lock its owner out for longer than that.
 */
export interface LoginThrottleOptions {
  addressFailures: number;
  windowMs: number;
  freeFailures: number;
  firstBackoffMs: number;
  maxBackoffMs: number;
  /** Entries kept at most; past it the oldest are forgotten (a flood of made-up emails cannot fill the memory). */
  maxEntries: number;
}

export const LOGIN_THROTTLE: LoginThrottleOptions = {
  addressFailures: 50,
  windowMs: 15 * 60_000,
  freeFailures: 5,
  firstBackoffMs: 1000,
  maxBackoffMs: 60_000,
  maxEntries: 100_000,
};

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The wait an account's `failures`-th failure imposes: doubling from the first beyond the free ones, capped. */
export const backoffMs = (options: LoginThrottleOptions, failures: number) =>
  Math.min(options.maxBackoffMs, options.firstBackoffMs * 2 ** (failures - options.freeFailures - 1));

/** Accounts are counted by their email as people type it, whatever its case and surrounding spaces. */
export const accountKey = (account: string) => account.trim().toLowerCase();

export interface LoginThrottle {
  /** Whether an attempt from `address` at `account` may be checked now. */
  check(address: string, account: string): ThrottleVerdict;
  failed(address: string, account: string): void;
  /** The account's failures are forgotten; the address's are not (a spraying address may guess one right). */
  succeeded(account: string): void;
}

interface AddressEntry {
  failures: number;
  windowStartedAt: number;
}

interface AccountEntry {
  failures: number;
  nextAttemptAt: number;
  lastFailureAt: number;
}

/** A Map kept under `max` entries by dropping the least recently touched. */
function boundedMap<V>(max: number) {
  const map = new Map<string, V>();
  return {
    get: (key: string) => map.get(key),
    set(key: string, value: V) {
      map.delete(key);
      map.set(key, value);
      if (map.size > max) map.delete(map.keys().next().value as string);
    },
    delete: (key: string) => map.delete(key),
  };
}

export function createLoginThrottle(
  options: LoginThrottleOptions = LOGIN_THROTTLE,
  now: () => number = () => Date.now(),
): LoginThrottle {
  const addresses = boundedMap<AddressEntry>(options.maxEntries);
  const accounts = boundedMap<AccountEntry>(options.maxEntries);

  const addressEntry = (address: string, at: number): AddressEntry => {
    const entry = addresses.get(address);
    if (entry && at - entry.windowStartedAt < options.windowMs) return entry;
    return { failures: 0, windowStartedAt: at };
  };

  return {
    check(address, account) {
      const at = now();
      const byAddress = addressEntry(address, at);
      if (byAddress.failures >= options.addressFailures) {
        return { allowed: false, retryAfterMs: byAddress.windowStartedAt + options.windowMs - at };
      }
      const byAccount = accounts.get(accountKey(account));
      if (byAccount && byAccount.nextAttemptAt > at)
        return { allowed: false, retryAfterMs: byAccount.nextAttemptAt - at };
      return { allowed: true };
    },
    failed(address, account) {
      const at = now();
      const byAddress = addressEntry(address, at);
      addresses.set(address, { ...byAddress, failures: byAddress.failures + 1 });
      const key = accountKey(account);
      const previous = accounts.get(key);
      // An account left alone for as long as the window starts afresh.
      const failures = (previous && at - previous.lastFailureAt < options.windowMs ? previous.failures : 0) + 1;
      const nextAttemptAt = failures > options.freeFailures ? at + backoffMs(options, failures) : 0;
      accounts.set(key, { failures, nextAttemptAt, lastFailureAt: at });
    },
    succeeded(account) {
      accounts.delete(accountKey(account));
    },
  };
}

/**
 * Where the counts live: in this process (`memoryThrottleStore`), or in Redis for every server process at once
 * (`login-throttle.redis.ts`).
 */
export interface LoginThrottleStore {
  check(address: string, account: string): Promise<ThrottleVerdict>;
  failed(address: string, account: string): Promise<void>;
  succeeded(account: string): Promise<void>;
}

export function memoryThrottleStore(throttle: LoginThrottle = createLoginThrottle()): LoginThrottleStore {
  return {
    check: async (address, account) => throttle.check(address, account),
    failed: async (address, account) => throttle.failed(address, account),
    succeeded: async (account) => throttle.succeeded(account),
  };
}

/** Asks `shared`; whatever it fails to answer, `local` answers instead, so a Redis outage never refuses a sign-in. */
export function withFallback(
  shared: LoginThrottleStore,
  local: LoginThrottleStore,
  onError: (error: unknown) => void,
): LoginThrottleStore {
  const either =
    <Args extends unknown[], Result>(pick: (store: LoginThrottleStore) => (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      try {
        return await pick(shared)(...args);
      } catch (error) {
        onError(error);
        return pick(local)(...args);
      }
    };
  return {
    check: either((store) => store.check),
    failed: either((store) => store.failed),
    succeeded: either((store) => store.succeeded),
  };
}
