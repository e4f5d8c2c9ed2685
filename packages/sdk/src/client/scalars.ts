import type { Attributes } from '../core';

/** Event and evaluate-request attributes carry only the scalar values the server accepts. */
export function scalars(attributes: Attributes): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (
      name.length <= 200 &&
      (value === null ||
        typeof value === 'boolean' ||
        Number.isFinite(value) ||
        (typeof value === 'string' && value.length <= 2000))
    ) {
      out[name] = value as string | number | boolean | null;
    }
  }
  return out;
}
