import { RETRY_BASE_MS, RETRY_MAX_MS } from './constants';

/** Runs `run` after `ms` (or every `ms`); the timer does not keep a Node process alive. Returns its cancel. */
export function later(run: () => void, ms: number, repeat?: boolean): () => void {
  const timer: unknown = (repeat ? setInterval : setTimeout)(run, ms);
  (timer as { unref?: () => void }).unref?.();
  return () => (repeat ? clearInterval : clearTimeout)(timer as number);
}

/** Exponential, capped, with jitter so that many pages cut off together do not come back together. */
export function backoff(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
}
