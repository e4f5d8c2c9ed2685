import type { EvaluationOptions } from './types';

/**
 * A fault found in the payload (unknown operator, bad pattern, missing variant…). It is reported the first time an
 * evaluation that has an onError meets it, then kept quiet: the same payload is evaluated millions of times.
 */
export interface Problem {
  readonly error: Error;
  reported: boolean;
}

export function problem(message: string): Problem {
  return { error: new Error(message), reported: false };
}

export function reportOnce(fault: Problem, options: EvaluationOptions): void {
  if (fault.reported || options.onError === undefined) return;
  fault.reported = true;
  report(fault.error, options);
}

/** The host's handler must not turn a report into an exception in the host page either. */
export function report(error: Error, options: EvaluationOptions): void {
  try {
    options.onError?.(error);
  } catch {
    // Nothing left to tell: the handler that would hear about it is the one that failed.
  }
}

export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
