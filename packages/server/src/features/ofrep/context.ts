import type { OfrepRequestError } from '@tabula/protocol';

type Attribute = string | number | boolean | null;

export type OfrepContext =
  | { ok: true; targetingKey: string | null; attributes: Record<string, Attribute> }
  | { ok: false; errorCode: OfrepRequestError; errorDetails: string };

const MAX_KEY_LENGTH = 200;
const MAX_TEXT_LENGTH = 2000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refuse = (errorCode: OfrepRequestError, errorDetails: string): OfrepContext => ({
  ok: false,
  errorCode,
  errorDetails,
});

/**
 * An OFREP body's evaluation context: `targetingKey` is the unit id, every other field an attribute. Rules test scalar
 * attributes only, so nested objects and lists are left out rather than refused: providers pass whole contexts.
 */
export function readOfrepContext(body: unknown): OfrepContext {
  if (body === undefined || body === null || body === '') return { ok: true, targetingKey: null, attributes: {} };
  if (!isRecord(body)) return refuse('PARSE_ERROR', 'The body must be a JSON object with a context');
  const { context = {} } = body;
  if (!isRecord(context)) return refuse('INVALID_CONTEXT', 'context must be an object');
  const { targetingKey = null, ...fields } = context;
  if (targetingKey !== null && (typeof targetingKey !== 'string' || targetingKey.length > MAX_KEY_LENGTH))
    return refuse('INVALID_CONTEXT', `targetingKey must be a string of at most ${MAX_KEY_LENGTH} characters`);
  const attributes: Record<string, Attribute> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name.length > MAX_KEY_LENGTH)
      return refuse('INVALID_CONTEXT', `Attribute names have at most ${MAX_KEY_LENGTH} characters`);
    if (typeof value === 'string' && value.length > MAX_TEXT_LENGTH)
      return refuse('INVALID_CONTEXT', `${name} is longer than ${MAX_TEXT_LENGTH} characters`);
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) attributes[name] = value as Attribute;
  }
  return { ok: true, targetingKey: targetingKey || null, attributes };
}
