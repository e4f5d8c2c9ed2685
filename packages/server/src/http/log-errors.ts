import { stdSerializers } from 'pino';

/**
 * Drizzle's and PGlite's errors carry a failed statement's parameters (in the message, and in `params`): a password
 * hash, an email, a secret key's hash. Logs get the statement without them, down the error's chain of causes.
 */
export function withoutQueryParameters(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const holder = error as Error & { params?: unknown; queryOptions?: unknown; query?: unknown };
  const message = error.message.replace(/\nparams: [\s\S]*$/, '');
  const hasParameters = 'params' in holder || 'queryOptions' in holder || message !== error.message;
  const cause = withoutQueryParameters(error.cause, depth + 1);
  if (!hasParameters && cause === error.cause) return error;
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'params' && key !== 'queryOptions') copy[key] = value;
  }
  Object.defineProperties(copy, {
    message: { value: message, enumerable: false, writable: true },
    name: { value: error.name, enumerable: false, writable: true },
    stack: { value: stackWithMessage(error, message), enumerable: false, writable: true },
    cause: { value: cause, enumerable: false, writable: true },
  });
  return copy;
}

/** The stack's first lines repeat the message; only the frames are kept from it. */
function stackWithMessage(error: Error, message: string): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join('\n');
}

/** The logger's serializers: errors as pino writes them, less the parameters of failed statements. */
export const logSerializers = {
  err: (error: Error) => stdSerializers.err(withoutQueryParameters(error) as Error),
};
