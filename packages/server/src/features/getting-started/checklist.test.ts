import { describe, expect, it } from 'vitest';
import { checklistOf, latest } from './checklist';

describe('checklistOf', () => {
  it('marks a step done when its moment happened, and metrics by their count', () => {
    const at = new Date('2025-01-01T00:00:00Z');
    expect(checklistOf({ sdkSeenAt: at, flagEvaluatedAt: null, metrics: 2, experimentStartedAt: null })).toEqual([
      { step: 'sdk', done: true, at },
      { step: 'flag', done: false, at: null },
      { step: 'metric', done: true, at: null },
      { step: 'experiment', done: false, at: null },
    ]);
  });
});

describe('latest', () => {
  it('picks the latest time and ignores the missing ones', () => {
    const early = new Date('2025-01-01T00:00:00Z');
    const late = new Date('2025-02-01T00:00:00Z');
    expect(latest([null, early, late, null])).toBe(late);
    expect(latest([null])).toBeNull();
    expect(latest([])).toBeNull();
  });
});
