import * as protocol from '@tabula/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_EVENTS_PER_BATCH, MAX_FLAG_KEYS_PER_BATCH, USAGE_REPORT_INTERVAL_MS } from '../../src/client/constants';
import { createFlagUsage } from '../../src/client/usage';

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

describe('flag usage', () => {
  it('holds each evaluated key once until it is reported', () => {
    const usage = createFlagUsage();
    expect(usage.pending()).toEqual([]);
    usage.mark('a');
    usage.mark('b');
    usage.mark('a');
    expect(usage.pending()).toEqual(['a', 'b']);
    usage.reported(['a']);
    expect(usage.pending()).toEqual(['b']);
  });

  it('waits the report interval before a reported key is pending again', () => {
    const usage = createFlagUsage();
    usage.mark('a');
    usage.reported(['a']);
    vi.advanceTimersByTime(USAGE_REPORT_INTERVAL_MS - 1);
    usage.mark('a');
    expect(usage.pending()).toEqual([]);
    vi.advanceTimersByTime(1);
    usage.mark('a');
    expect(usage.pending()).toEqual(['a']);
  });

  it('hands out at most a batch’s worth of keys, the rest next time', () => {
    const usage = createFlagUsage();
    const keys = Array.from({ length: MAX_FLAG_KEYS_PER_BATCH + 5 }, (_, index) => `flag-${index}`);
    for (const key of keys) usage.mark(key);
    const first = usage.pending();
    expect(first).toHaveLength(MAX_FLAG_KEYS_PER_BATCH);
    usage.reported(first);
    expect(usage.pending()).toEqual(keys.slice(MAX_FLAG_KEYS_PER_BATCH));
  });

  it('sends batches no larger than the server takes', () => {
    expect(MAX_FLAG_KEYS_PER_BATCH).toBe(protocol.MAX_FLAG_KEYS_PER_BATCH);
    expect(MAX_EVENTS_PER_BATCH).toBe(protocol.MAX_EVENTS_PER_BATCH);
  });
});
