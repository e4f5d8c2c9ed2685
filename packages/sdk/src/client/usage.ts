import { MAX_FLAG_KEYS_PER_BATCH, USAGE_REPORT_INTERVAL_MS } from './constants';

/** Flag key → variant served ('' for none) → evaluations since they were last reported. */
export type EvaluationCounts = Record<string, Record<string, number>>;

/**
 * Flag usage: how often this client evaluated each flag, per variant, sent with the next event batch instead of an
 * event per evaluation. The client only adds to a count (a flag read costs no more); the event queue takes them from
 * there. A key reported less than USAGE_REPORT_INTERVAL_MS ago waits, its counts adding up meanwhile: a page that reads
 * its flags on every render must not turn that into a request on every flush.
 */
export interface FlagUsage {
  /** The counts waiting to be reported, at most a batch's worth of keys; `all`: the page goes away, none waits. */
  pending(all?: boolean): EvaluationCounts;
  /** The server took these counts (or a beacon carries them away): only what evaluations came since stays. */
  reported(counts: EvaluationCounts): void;
}

/** `evaluated`: the counts of the client's evaluations since they were last reported. */
export function createFlagUsage(evaluated: Map<string, Record<string, number>>): FlagUsage {
  /** Key → when it was last reported. */
  const reportedAt = new Map<string, number>();
  return {
    pending: (all) => {
      const counts: EvaluationCounts = {};
      for (const [key, variants] of evaluated) {
        if (Object.keys(counts).length === MAX_FLAG_KEYS_PER_BATCH) break;
        if (all || !((reportedAt.get(key) as number) > Date.now() - USAGE_REPORT_INTERVAL_MS)) {
          counts[key] = { ...variants };
        }
      }
      return counts;
    },
    reported(counts) {
      const now = Date.now();
      for (const key in counts) {
        reportedAt.set(key, now);
        const held = evaluated.get(key) || {};
        let left = 0;
        for (const variant in held) {
          held[variant] = (held[variant] as number) - (counts[key]?.[variant] || 0);
          if (held[variant] > 0) left += 1;
          else delete held[variant];
        }
        if (!left) evaluated.delete(key);
      }
    },
  };
}
