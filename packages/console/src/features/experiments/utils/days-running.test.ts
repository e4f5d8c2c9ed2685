import { describe, expect, it } from 'vitest';
import { daysRunning } from './days-running';

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
});
