import { RUM_MAX_REPORTS_PER_BATCH } from '@tabula/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_INTERVAL_MS, createReportQueue, MAX_REPEATS, type RumEndpoint } from './queue';

describe('report queue (spec §9)', () => {
  let sent: [RumEndpoint, unknown[]][];
  const send = async (endpoint: RumEndpoint, reports: unknown[]) => {
    sent.push([endpoint, reports]);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends what a second gathered as one batch per endpoint', async () => {
    const queue = createReportQueue({ send });
    queue.add('collect', 'a');
    queue.add('speed', 'fcp');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS / 2);
    queue.add('collect', 'b');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS / 2 - 1);
    expect(sent).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      ['collect', ['a', 'b']],
      ['speed', ['fcp']],
    ]);

    queue.add('whitelist', 'c');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(sent.at(-1)).toEqual(['whitelist', ['c']]);
    expect(BATCH_INTERVAL_MS).toBe(1000);
  });

  it('leaves what one batch cannot hold for the next second', async () => {
    const queue = createReportQueue({ send });
    for (let i = 0; i < RUM_MAX_REPORTS_PER_BATCH + 5; i++) queue.add('collect', i);
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(sent.map(([, reports]) => reports.length)).toEqual([RUM_MAX_REPORTS_PER_BATCH]);
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(sent.map(([, reports]) => reports.length)).toEqual([RUM_MAX_REPORTS_PER_BATCH, 5]);
  });

  it('sends the same error at most 60 times, however long the page lives', async () => {
    const queue = createReportQueue({ send });
    for (let second = 0; second < 10; second++) {
      for (let i = 0; i < 10; i++) queue.add('collect', 'boom', 'error|boom');
      queue.add('collect', 'other', 'error|other');
      await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    }
    const all = sent.flatMap(([, reports]) => reports);
    expect(all.filter((report) => report === 'boom')).toHaveLength(MAX_REPEATS);
    expect(all.filter((report) => report === 'other')).toHaveLength(10);
    expect(MAX_REPEATS).toBe(60);
  });
});
