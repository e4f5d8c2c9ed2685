import { describe, expect, it } from 'vitest';
import type { EventRow } from '../sdk-events/service';
import { createLoggedExposures } from './logged-exposures';

const row = (eventId: string, projectId = 'p1'): EventRow => ({
  projectId,
  environmentId: 'e1',
  eventId,
  type: 'exposure',
  unitId: 'u',
  experiment: 'x',
  version: 'a',
  name: null,
  value: null,
  properties: null,
  attributes: null,
  occurredAt: 0,
});

describe('logged exposures', () => {
  it('leaves out what was stored lately, per project, and forgets the least recent past its capacity', () => {
    const logged = createLoggedExposures(2);
    expect(logged.unlogged([row('a'), row('b')])).toHaveLength(2);
    logged.remember([row('a'), row('b')]);
    expect(logged.unlogged([row('a'), row('b'), row('a', 'p2')]).map((r) => r.projectId)).toEqual(['p2']);
    // `a` stored again is the most recent; `c` pushes out `b`.
    logged.remember([row('a')]);
    logged.remember([row('c')]);
    expect(logged.unlogged([row('a'), row('b'), row('c')]).map((r) => r.eventId)).toEqual(['b']);
  });
});
