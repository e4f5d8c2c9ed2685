import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGuard } from '../../src/dom/guard';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the re-application guard', () => {
  it('allows a key `limit` times per window, each key on its own', () => {
    const allowed = createGuard(3, 1000);
    const a = {};
    const b = {};
    expect([allowed(a), allowed(a), allowed(a), allowed(a), allowed(a)]).toEqual([true, true, true, false, false]);
    expect(allowed(b)).toBe(true);
  });

  it('starts counting afresh once the window has passed', () => {
    const allowed = createGuard(1, 1000);
    const key = {};
    expect([allowed(key), allowed(key)]).toEqual([true, false]);
    vi.advanceTimersByTime(999);
    expect(allowed(key)).toBe(false);
    vi.advanceTimersByTime(1);
    expect([allowed(key), allowed(key)]).toEqual([true, false]);
  });
});
