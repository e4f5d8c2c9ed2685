import type { JsonValue } from '@tabula/protocol';
import { MAX_PARAMS_BYTES } from '@tabula/protocol';

export type Params = Record<string, JsonValue>;

const isPlainObject = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A version's params as typed in its JSON editor: an object of named values, or nothing at all. Anything else
 * (broken JSON, an array, an empty name, too large for the SDK payload) is undefined.
 */
export function parseParams(text: string): Params | undefined {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  if (Object.keys(value).some((name) => name.length === 0 || name.length > 200)) return undefined;
  // The limit is in bytes on the wire, where a non-ASCII character takes more than one.
  if (new TextEncoder().encode(JSON.stringify(value)).length > MAX_PARAMS_BYTES) return undefined;
  return value;
}

/** Params as the editor shows them: indented, and empty rather than "{}" when there are none. */
export const formatParams = (params: Params): string =>
  Object.keys(params).length === 0 ? '' : JSON.stringify(params, null, 2);
