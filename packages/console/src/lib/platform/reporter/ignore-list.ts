/** Spec §8: errors the console never reports — browser noise, deliberate cancellations, and expected sign-outs. */
const IGNORED = [
  /ResizeObserver loop/i,
  /this error can be ignored/i,
  /interceptor/i,
  /Promise was canceled/i,
  /Unable to preload/i,
];
const AUTH_CENTER = /auth(entication)?[\s_-]*cent(er|re)/i;
const UNAUTHORIZED = /\b401\b/;

export function isIgnoredError(message: string): boolean {
  if (IGNORED.some((pattern) => pattern.test(message))) return true;
  return UNAUTHORIZED.test(message) && AUTH_CENTER.test(message);
}
