import { expect } from 'vitest';

/** Agreement to 1e-5 relative to the expected value, or 1e-10 absolute for values at or near 0. */
export function expectClose(actual: number, expected: number | null, label = ''): void {
  const target = expected ?? Number.POSITIVE_INFINITY;
  if (!Number.isFinite(target)) {
    expect(actual, label).toBe(target);
    return;
  }
  const tolerance = Math.max(1e-10, 1e-5 * Math.abs(target));
  expect(Math.abs(actual - target), `${label}: ${actual} vs ${target}`).toBeLessThanOrEqual(tolerance);
}

export function expectAllClose(actual: Record<string, unknown>, expected: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(expected)) {
    const got = actual[key];
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        expectClose((got as number[])[index] ?? Number.NaN, item as number | null, `${key}[${index}]`);
      });
    } else {
      expectClose(got as number, value as number, key);
    }
  }
}
