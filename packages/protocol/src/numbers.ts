// Free of zod, so the editor's bundle can use the spec's number rules without the schemas.

/** Spec §5: an integer is an optional minus sign followed by digits. */
export const INTEGER_PATTERN = /^-?\d+$/;
export const isInteger = (value: string): boolean => INTEGER_PATTERN.test(value);

/** Spec §5: the float parse helper returns 0 for anything that is not a number. */
export function parseFloatOrZero(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value));
  return Number.isFinite(parsed) ? parsed : 0;
}
