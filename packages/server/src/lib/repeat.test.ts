import { describe, expect, it } from 'vitest';
import { repeat } from './repeat';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean) {
  while (!condition()) await tick();
}

describe('repeat', () => {
  it('runs at once and again after each round, never two rounds at once', async () => {
    let rounds = 0;
    let concurrent = 0;
    let mostConcurrent = 0;
    const repeating = repeat({
      run: async () => {
        concurrent += 1;
        mostConcurrent = Math.max(mostConcurrent, concurrent);
        rounds += 1;
        await tick(2);
        concurrent -= 1;
      },
      every: 1,
      onError: () => {},
    });
    // Woken while running: one more round follows, not a second one alongside.
    repeating.wake();
    await until(() => rounds >= 5);
    await repeating.close();
    const after = rounds;
    await tick(20);
    expect(rounds).toBe(after);
    expect(mostConcurrent).toBe(1);
  });

  it('hears a failed round and tries again', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const repeating = repeat({
      run: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('database away');
        return rounds;
      },
      every: (result) => (result === undefined ? 1 : 60_000),
      onError: (error) => errors.push(error),
    });
    await until(() => rounds === 2);
    await repeating.close();
    expect(errors).toEqual([new Error('database away')]);
  });

  it('waits before the first round when asked, runs at once when woken, and tells a long round it is stopped', async () => {
    let sawStopped = false;
    let started = false;
    const repeating = repeat({
      run: async (stopped) => {
        started = true;
        while (!stopped()) await tick();
        sawStopped = true;
      },
      every: 60_000,
      onError: () => {},
      firstAfterMs: 60_000,
    });
    await tick(20);
    expect(started).toBe(false);
    repeating.wake();
    await until(() => started);
    await repeating.close();
    expect(sawStopped).toBe(true);
  });
});
