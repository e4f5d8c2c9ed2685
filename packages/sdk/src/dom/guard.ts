/**
 * Counts what happens to each key within windows of `windowMs`: true while a key has been counted at most `limit`
 * times in its current window. A page that undoes the SDK's change on every change is stopped by it, where a page
 * that re-renders now and then never is.
 */
export function createGuard(limit: number, windowMs: number): (key: object) => boolean {
  /** Per key: when its window started, and the count in it. */
  const counts = new WeakMap<object, [number, number]>();
  return (key) => {
    const now = Date.now();
    const count = counts.get(key);
    if (!count || now - count[0] >= windowMs) {
      counts.set(key, [now, 1]);
      return true;
    }
    return ++count[1] <= limit;
  };
}
