import { sameValue } from './experiment-draft';

const fieldsOf = (snapshot: unknown): Record<string, unknown> =>
  typeof snapshot === 'object' && snapshot !== null && !Array.isArray(snapshot)
    ? (snapshot as Record<string, unknown>)
    : {};

/** Fields the history leaves out: they change with every save and say nothing about what people changed. */
const NOISE = new Set(['updatedAt', 'createdAt', 'id']);

/** The top-level fields an audit entry changed, in the order the later snapshot lists them. */
export function changedKeys(before: unknown, after: unknown): string[] {
  const left = fieldsOf(before);
  const right = fieldsOf(after);
  const keys = [...new Set([...Object.keys(right), ...Object.keys(left)])];
  return keys.filter((key) => !NOISE.has(key) && !sameValue(left[key], right[key]));
}
