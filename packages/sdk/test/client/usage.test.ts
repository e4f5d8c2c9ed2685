import * as protocol from '@tabula/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_EVENTS_PER_BATCH, MAX_FLAG_KEYS_PER_BATCH, USAGE_REPORT_INTERVAL_MS } from '../../src/client/constants';
import { createFlagUsage } from '../../src/client/usage';

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

describe('flag usage', () => {
  it('holds each evaluated key once until it is reported', () => {
    const evaluated = new Set<string>();
    const usage = createFlagUsage(evaluated);
    expect(usage.pending()).toEqual([]);
    for (const key of ['a', 'b', 'a']) evaluated.add(key);
    expect(usage.pending()).toEqual(['a', 'b']);
    usage.reported(['a']);
    expect(usage.pending()).toEqual(['b']);
    expect([...evaluated]).toEqual(['b']);
  });

  it('waits the report interval before a key reported and evaluated again is pending again', () => {
    const evaluated = new Set(['a']);
    const usage = createFlagUsage(evaluated);
    usage.reported(['a']);
    expect(usage.pending()).toEqual([]);
    vi.advanceTimersByTime(USAGE_REPORT_INTERVAL_MS - 1);
    evaluated.add('a');
    expect(usage.pending()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(usage.pending()).toEqual(['a']);
  });

  it('hands out at most a batch’s worth of keys, the rest next time', () => {
    const evaluated = new Set<string>();
    const usage = createFlagUsage(evaluated);
    const keys = Array.from({ length: MAX_FLAG_KEYS_PER_BATCH + 5 }, (_, index) => `flag-${index}`);
    for (const key of keys) evaluated.add(key);
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
