/** Retries of a failed delivery: exponential from `baseMs`, capped at `maxMs`, until the delivery's deadline. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 10_000, maxMs: 60 * 60 * 1000 };
/** How long an event is retried for after it happened (or after a resend). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * When attempt `attempts + 1` is due after `attempts` failed ones, or null when that is past `retryUntil`. The jitter
 * (the delay is between half and all of the exponential step) spreads retries of many deliveries that failed
 * together, so a receiver coming back is not met by all of them at once.
 */
export function nextAttemptAt(
  policy: BackoffPolicy,
  attempts: number,
  now: Date,
  retryUntil: Date,
  random: () => number = Math.random,
): Date | null {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  const at = new Date(now.getTime() + step * (0.5 + random() / 2));
  return at.getTime() > retryUntil.getTime() ? null : at;
}
