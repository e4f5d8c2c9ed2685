import { describe, expect, it } from 'vitest';
import { watchGlobalErrors } from './global-errors';

describe('watching uncaught errors and unhandled rejections', () => {
  it('hands both over with their message and stack', () => {
    const seen: [string, string, string | null | undefined][] = [];
    const stop = watchGlobalErrors(window, { error: (kind, message, stack) => seen.push([kind, message, stack]) });
    try {
      const error = new TypeError('x is undefined');
      window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught TypeError: x is undefined', error }));
      const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.assign(rejection, { reason: 'quota exceeded' });
      window.dispatchEvent(rejection);
    } finally {
      stop();
    }
    window.dispatchEvent(new ErrorEvent('error', { message: 'after stop' }));
    expect(seen).toEqual([
      ['error', 'TypeError: x is undefined', expect.stringContaining('x is undefined')],
      ['rejection', 'quota exceeded', null],
    ]);
  });
});
