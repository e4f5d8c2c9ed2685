import * as protocol from '@tabula/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_EVENTS_PER_BATCH,
  MAX_FLAG_KEYS_PER_BATCH,
  SDK_NAME,
  USAGE_REPORT_INTERVAL_MS,
} from '../../src/client/constants';
import { createFlagUsage } from '../../src/client/usage';

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

type Counts = Map<string, Record<string, number>>;
const count = (evaluated: Counts, key: string, variant = 'on') => {
  const variants = evaluated.get(key) || {};
  variants[variant] = (variants[variant] || 0) + 1;
  evaluated.set(key, variants);
};

describe('flag usage', () => {
  it('holds each key’s counts per variant until they are reported', () => {
    const evaluated: Counts = new Map();
    const usage = createFlagUsage(evaluated);
    expect(usage.pending()).toEqual({});
    count(evaluated, 'a');
    count(evaluated, 'b', '');
    count(evaluated, 'a');
    count(evaluated, 'a', 'off');
    expect(usage.pending()).toEqual({ a: { on: 2, off: 1 }, b: { '': 1 } });
    usage.reported({ a: { on: 2, off: 1 } });
    expect(usage.pending()).toEqual({ b: { '': 1 } });
    expect([...evaluated.keys()]).toEqual(['b']);
  });

  it('keeps what was counted while a report was on its way', () => {
    const evaluated: Counts = new Map();
    const usage = createFlagUsage(evaluated);
    count(evaluated, 'a');
    const sent = usage.pending();
    count(evaluated, 'a');
    count(evaluated, 'a');
    usage.reported(sent);
    expect(evaluated.get('a')).toEqual({ on: 2 });
  });

  it('waits the report interval before a key reported and evaluated again is pending again, unless the page goes', () => {
    const evaluated: Counts = new Map();
    const usage = createFlagUsage(evaluated);
    count(evaluated, 'a');
    usage.reported(usage.pending());
    count(evaluated, 'a');
    vi.advanceTimersByTime(USAGE_REPORT_INTERVAL_MS - 1);
    count(evaluated, 'a');
    expect(usage.pending()).toEqual({});
    expect(usage.pending(true)).toEqual({ a: { on: 2 } });
    vi.advanceTimersByTime(1);
    expect(usage.pending()).toEqual({ a: { on: 2 } });
  });

  it('hands out at most a batch’s worth of keys, the rest next time', () => {
    const evaluated: Counts = new Map();
    const usage = createFlagUsage(evaluated);
    const keys = Array.from({ length: MAX_FLAG_KEYS_PER_BATCH + 5 }, (_, index) => `flag-${index}`);
    for (const key of keys) count(evaluated, key);
    const first = usage.pending();
    expect(Object.keys(first)).toHaveLength(MAX_FLAG_KEYS_PER_BATCH);
    usage.reported(first);
    expect(Object.keys(usage.pending())).toEqual(keys.slice(MAX_FLAG_KEYS_PER_BATCH));
  });

  it('sends batches no larger than the server takes, under the name the server knows', () => {
    expect(MAX_FLAG_KEYS_PER_BATCH).toBe(protocol.MAX_FLAG_KEYS_PER_BATCH);
    expect(MAX_EVENTS_PER_BATCH).toBe(protocol.MAX_EVENTS_PER_BATCH);
    expect(SDK_NAME).toBe(protocol.WEB_SDK_NAME);
  });

  it('reports in the shape the server accepts', () => {
    const batch = { events: [], evaluations: { a: { on: 2, '': 1 } }, sdk: { name: SDK_NAME, version: '3.0.5' } };
    expect(protocol.eventBatchSchema.safeParse(batch).success).toBe(true);
  });
});
