import { describe, expect, it } from 'vitest';
import { createLoginThrottle, LOGIN_THROTTLE } from './login-throttle';

function clock() {
  let at = 1_000_000;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

describe('the sign-in throttle', () => {
  it('lets an account fail a few times freely, then makes each attempt wait longer, up to a minute', () => {
    const time = clock();
    const throttle = createLoginThrottle(LOGIN_THROTTLE, time.now);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(throttle.check('10.0.0.1', 'ana@example.com')).toEqual({ allowed: true });
      throttle.failed('10.0.0.1', 'ana@example.com');
    }
    expect(throttle.check('10.0.0.1', 'ana@example.com')).toEqual({ allowed: true });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      throttle.failed('10.0.0.1', 'ANA@example.com ');
      const verdict = throttle.check('10.0.0.2', 'ana@example.com');
      if (verdict.allowed) throw new Error('expected a wait');
      waits.push(verdict.retryAfterMs);
      time.pass(verdict.retryAfterMs);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    // The wait over, the owner's right password goes through and clears the account.
    expect(throttle.check('10.0.0.3', 'ana@example.com')).toEqual({ allowed: true });
    throttle.succeeded('ana@example.com');
    throttle.failed('10.0.0.3', 'ana@example.com');
    expect(throttle.check('10.0.0.3', 'ana@example.com')).toEqual({ allowed: true });
  });

  it('stops an address that tries many accounts, and only that address, until its window passes', () => {
    const time = clock();
    const throttle = createLoginThrottle(LOGIN_THROTTLE, time.now);
    for (let account = 0; account < LOGIN_THROTTLE.addressFailures; account += 1) {
      expect(throttle.check('203.0.113.9', `user${account}@example.com`).allowed).toBe(true);
      throttle.failed('203.0.113.9', `user${account}@example.com`);
    }
    const refused = throttle.check('203.0.113.9', 'someone-new@example.com');
    expect(refused).toEqual({ allowed: false, retryAfterMs: LOGIN_THROTTLE.windowMs });
    expect(throttle.check('198.51.100.1', 'someone-new@example.com')).toEqual({ allowed: true });
    time.pass(LOGIN_THROTTLE.windowMs);
    expect(throttle.check('203.0.113.9', 'someone-new@example.com')).toEqual({ allowed: true });
  });

  it('forgets an account left alone for a window, and keeps no more entries than its bound', () => {
    const time = clock();
    const throttle = createLoginThrottle({ ...LOGIN_THROTTLE, maxEntries: 3 }, time.now);
    for (let attempt = 0; attempt < 6; attempt += 1) throttle.failed('10.0.0.1', 'bo@example.com');
    expect(throttle.check('10.0.0.1', 'bo@example.com').allowed).toBe(false);
    time.pass(LOGIN_THROTTLE.windowMs);
    throttle.failed('10.0.0.1', 'bo@example.com');
    expect(throttle.check('10.0.0.1', 'bo@example.com').allowed).toBe(true);
    for (let attempt = 0; attempt < 6; attempt += 1) throttle.failed('10.0.0.2', 'cy@example.com');
    for (const other of ['a', 'b', 'c']) throttle.failed('10.0.0.2', `${other}@example.com`);
    // Pushed out by newer entries: the bound holds, at the cost of forgetting the oldest.
    expect(throttle.check('10.0.0.9', 'cy@example.com').allowed).toBe(true);
  });
});
