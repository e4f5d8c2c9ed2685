import { describe, expect, it } from 'vitest';
import { isIgnoredError } from './ignore-list';

describe('errors never reported (spec §8)', () => {
  it.each([
    'ResizeObserver loop limit exceeded',
    'ResizeObserver loop completed with undelivered notifications.',
    'Error: this error can be ignored',
    'request interceptor failed: token refresh',
    'Interceptor error',
    'Promise was canceled',
    'Unable to preload CSS for /assets/flags-abc.css',
    'Request failed with status code 401: auth center session expired',
    '401 Unauthorized from the authentication centre',
  ])('%s', (message) => {
    expect(isIgnoredError(message)).toBe(true);
  });

  it.each([
    'TypeError: Cannot read properties of undefined',
    'Request failed with status code 401',
    'auth center unreachable (503)',
    'Promise was rejected',
  ])('but %s is reported', (message) => {
    expect(isIgnoredError(message)).toBe(false);
  });
});
