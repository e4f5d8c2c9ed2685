import type { EvaluationOptions } from './types';

export { explain } from './explain';

/** Hands a problem to the host's onError. The handler must not turn it into an exception in the host page either. */
export function report(problem: unknown, options: EvaluationOptions): void {
  try {
    options.onError?.(problem instanceof Error ? problem : new Error(String(problem)));
  } catch {
    // Nothing left to tell: the handler that would hear about it is the one that failed.
  }
}

/**
 * A fault found in the payload (unknown operator, bad pattern, missing variant…). It is reported the first time an
 * evaluation that has an onError meets it, then kept quiet: the same payload is evaluated millions of times.
 */
export type Fault = (options: EvaluationOptions) => void;

export function fault(message: string): Fault {
  let reported = false;
  return (options) => {
    if (reported || !options.onError) return;
    reported = true;
    report(new Error(message), options);
  };
}

/** What one payload's pieces share, by key: each fault (keyed by its message) and each compiled pattern. */
export type PayloadCache = Map<string, unknown>;

export function cached<T>(cache: PayloadCache, key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

/** The same fault met in several rules is reported once per payload. */
export const faultOf = (cache: PayloadCache, message: string): Fault => cached(cache, message, () => fault(message));
