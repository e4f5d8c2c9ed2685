/** Runs at most `max` tasks at once; the others wait for their turn, first come first served. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(max: number): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < max) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A waiting task takes over this one's place; otherwise the place is free.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
