export interface Repeating {
  /** Runs again at once, or as soon as the run in progress ends. */
  wake(): void;
  /** No run starts after this; resolves when the one in progress has ended. */
  close(): Promise<void>;
}

export interface RepeatOptions<T> {
  /** One round of the work; `stopped` turns true when closing, for a long round to end early. */
  run: (stopped: () => boolean) => Promise<T>;
  /** How long after a round the next one starts: a number, or from what the round returned (undefined: it failed). */
  every: number | ((result: T | undefined) => number);
  /** Hears a round that failed; the next round tries again. */
  onError: (error: unknown) => void;
  /** When the first round starts; at once unless said. */
  firstAfterMs?: number;
}

/**
 * Background work that repeats in one process: never two rounds at once, a failure logged and tried again, and the
 * timer never keeps the process alive. Work shared by several processes takes its turn through the database (locks,
 * SKIP LOCKED) inside `run`; this only paces it.
 */
export function repeat<T>({ run, every, onError, firstAfterMs = 0 }: RepeatOptions<T>): Repeating {
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  const stopped = () => closed;

  const schedule = (delay: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(round, delay);
    timer.unref();
  };

  function round() {
    timer = null;
    if (closed || running) return;
    running = (async () => {
      let result: T | undefined;
      try {
        result = await run(stopped);
      } catch (error) {
        onError(error);
      }
      running = null;
      const again = wokenWhileRunning;
      wokenWhileRunning = false;
      schedule(again ? 0 : typeof every === 'number' ? every : every(result));
    })();
  }

  schedule(firstAfterMs);
  return {
    wake() {
      if (running) wokenWhileRunning = true;
      else schedule(0);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
