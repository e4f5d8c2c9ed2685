import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

describe('a limiter', () => {
  it('runs at most its number of tasks at once, the others in the order they came', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (index: number, fail = false) =>
      limit(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (fail) throw new Error(`task ${index} failed`);
        return index;
      });
    const results = await Promise.allSettled([task(0), task(1, true), task(2), task(3), task(4)]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // Every place came back, failures included.
    await expect(Promise.all([task(5), task(6)])).resolves.toEqual([5, 6]);
  });
});
