import { describe, expect, it } from 'vitest';
import { daysRunning, planProgress } from './days-running';

describe('days running', () => {
  const now = new Date('2025-03-10T12:00:00.000Z');

  it('is unknown before the first start', () => {
    expect(daysRunning(null, null, now)).toBeNull();
  });

  it('counts whole days to now while it runs, and to the stop once stopped', () => {
    expect(daysRunning('2025-03-01T13:00:00.000Z', null, now)).toBe(8);
    expect(daysRunning('2025-03-01T12:00:00.000Z', '2025-03-04T12:00:00.000Z', now)).toBe(3);
    expect(daysRunning('2025-03-10T11:00:00.000Z', null, now)).toBe(0);
  });

  it('says which day of the plan it is on, and when the planned days have passed', () => {
    const plan = (startedAt: string | null, stoppedAt: string | null, plannedDays: number | null) =>
      planProgress({ startedAt, stoppedAt, plannedDays }, now);
    expect(plan(null, null, 14)).toBeNull();
    expect(plan('2025-03-01T13:00:00.000Z', null, null)).toBeNull();
    expect(plan('2025-03-10T11:00:00.000Z', null, 14)).toEqual({ day: 1, planned: 14, ended: false });
    expect(plan('2025-03-01T13:00:00.000Z', null, 14)).toEqual({ day: 9, planned: 14, ended: false });
    expect(plan('2025-02-20T12:00:00.000Z', null, 14)).toEqual({ day: 19, planned: 14, ended: true });
    expect(plan('2025-03-01T12:00:00.000Z', '2025-03-04T12:00:00.000Z', 3)).toEqual({
      day: 3,
      planned: 3,
      ended: true,
    });
  });
});
