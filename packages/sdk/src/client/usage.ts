import { MAX_FLAG_KEYS_PER_BATCH, USAGE_REPORT_INTERVAL_MS } from './constants';

/**
 * Flag usage: which flags this client evaluated, sent as keys with the next event batch instead of an event per
 * evaluation. A key reported less than USAGE_REPORT_INTERVAL_MS ago waits: "last evaluated" needs no finer grain, and a
 * page that reads its flags on every render must not turn that into a request on every flush.
 */
export interface FlagUsage {
  /** Runs on every flag read: a map lookup, no storage. */
  mark(key: string): void;
  /** The keys waiting to be reported, at most a batch's worth. */
  pending(): string[];
  /** The server took these keys (or a beacon carries them away). */
  reported(keys: string[]): void;
}

export function createFlagUsage(): FlagUsage {
  /** Key → when it was last reported; 0 while it waits to be. */
  const usage = new Map<string, number>();
  return {
    mark(key) {
      if (!((usage.get(key) as number) > Date.now() - USAGE_REPORT_INTERVAL_MS)) usage.set(key, 0);
    },
    pending: () => [...usage.keys()].filter((key) => !usage.get(key)).slice(0, MAX_FLAG_KEYS_PER_BATCH),
    reported(keys) {
      const now = Date.now();
      for (const key of keys) usage.set(key, now);
    },
  };
}
