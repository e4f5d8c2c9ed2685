/**
 * `promise`'s outcome if it settles within `ms`, else `fallback`: a cache answers from what it holds instead of
 * waiting on a database that does not answer. The promise runs on either way.
 */
export function settleWithin<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const held = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, held]).finally(() => clearTimeout(timer));
}
