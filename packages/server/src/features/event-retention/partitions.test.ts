import { describe, expect, it } from 'vitest';
import { monthsToKeepReady, parsePartitionName, partitionsPastRetention, retentionCutoff } from './partitions';

const utc = (iso: string) => new Date(`${iso}Z`);

describe('monthly event partitions', () => {
  it('keeps last month to two months ahead ready, in UTC months, across a year end', () => {
    expect(monthsToKeepReady(utc('2026-12-31T23:59:59.999')).map((month) => month.name)).toEqual([
      'event_2026_11',
      'event_2026_12',
      'event_2027_01',
      'event_2027_02',
    ]);
    const [first] = monthsToKeepReady(utc('2026-03-01T00:00:00'));
    expect(first).toEqual({ name: 'event_2026_02', from: utc('2026-02-01T00:00:00'), to: utc('2026-03-01T00:00:00') });
  });

  it('reads a month back from its partition name, and nothing from other tables', () => {
    expect(parsePartitionName('event_2024_02')).toEqual({
      name: 'event_2024_02',
      from: utc('2024-02-01T00:00:00'),
      to: utc('2024-03-01T00:00:00'),
    });
    for (const name of ['event_default', 'event_2024_13', 'event_2024_00', 'event_2024_2', 'event', 'rum_report']) {
      expect(parsePartitionName(name)).toBeNull();
    }
  });

  it('keeps the current month and the given number of full months before it', () => {
    const now = utc('2026-11-26T21:00:00');
    expect(retentionCutoff(now, 0)).toBeNull();
    expect(retentionCutoff(now, 1)).toEqual(utc('2026-10-01T00:00:00'));
    expect(retentionCutoff(now, 13)).toEqual(utc('2025-10-01T00:00:00'));
  });

  it('drops only the months wholly before the cutoff', () => {
    const names = ['event_2025_08', 'event_2025_09', 'event_2025_10', 'event_2026_11', 'event_default', 'audit'];
    expect(partitionsPastRetention(names, utc('2025-10-01T00:00:00'))).toEqual(['event_2025_08', 'event_2025_09']);
  });

  it('never drops the current month, nor the months kept ready, even keeping a single month', () => {
    const now = utc('2026-11-01T00:00:00');
    const ready = monthsToKeepReady(now).map((month) => month.name);
    expect(partitionsPastRetention(ready, retentionCutoff(now, 1)!)).toEqual([]);
  });
});
