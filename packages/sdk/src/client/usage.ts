import { MAX_FLAG_KEYS_PER_BATCH, USAGE_REPORT_INTERVAL_MS } from './constants';

/**
 * Flag usage: which flags this client evaluated, sent as keys with the next event batch instead of an event per
 * evaluation. The client only adds each key it evaluates to a set (a flag read costs no more); the event queue takes
 * them from there. A key reported less than USAGE_REPORT_INTERVAL_MS ago waits: "last evaluated" needs no finer grain,
 * and a page that reads its flags on every render must not turn that into a request on every flush.
 */
export interface FlagUsage {
  /** The keys waiting to be reported, at most a batch's worth. */
  pending(): string[];
  /** The server took these keys (or a beacon carries them away). */
  reported(keys: string[]): void;
}

/** `evaluated`: the keys the client evaluated since they were last reported. */
export function createFlagUsage(evaluated: Set<string>): FlagUsage {
  /** Key → when it was last reported. */
  const reportedAt = new Map<string, number>();
  return {
    pending: () =>
      [...evaluated]
        .filter((key) => !((reportedAt.get(key) as number) > Date.now() - USAGE_REPORT_INTERVAL_MS))
        .slice(0, MAX_FLAG_KEYS_PER_BATCH),
    reported(keys) {
      const now = Date.now();
      for (const key of keys) {
        reportedAt.set(key, now);
        evaluated.delete(key);
      }
    },
  };
}
