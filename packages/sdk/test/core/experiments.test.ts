import type { PayloadExperiment } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { bucket, createEvaluator, type StickyAssignments } from '../../src/core';
import { errorLog, experimentOf, payloadOf, units, versionOf } from './fixtures';

function evaluatorWith(...experiments: PayloadExperiment[]) {
  return createEvaluator(payloadOf({ experiments }));
}

/** One unit's sticky store, keyed by experiment; `units` records whose version each write keeps. */
function memorySticky(initial: Record<string, { version: string; phase: number }> = {}) {
  const entries = new Map(Object.entries(initial));
  const writes: string[] = [];
  const units: string[] = [];
  const sticky: StickyAssignments = {
    get: (key) => entries.get(key),
    set: (key, unit, value) => {
      writes.push(`${key}=${value.version}@${value.phase}`);
      units.push(unit);
      entries.set(key, value);
    },
  };
  return { sticky, entries, writes, units };
}

describe('experiment assignment', () => {
  it('picks the cumulative-weight interval holding bucket(key, unit), for that unit', () => {
    const experiment = experimentOf({
      key: 'exp',
      versions: [versionOf('a', 2_000), versionOf('b', 3_000), versionOf('c', 5_000, { size: 3 })],
    });
    const evaluator = evaluatorWith(experiment);
    for (const unit of units(300)) {
      const slot = bucket('exp', unit);
      const expected = slot < 2_000 ? 'a' : slot < 5_000 ? 'b' : 'c';
      const assignment = evaluator.experiment('exp', { id: unit });
      const params = expected === 'c' ? { size: 3 } : {};
      expect(assignment).toEqual({ experiment: 'exp', version: expected, params, unit });
    }
  });

  it('salts with key.phase after re-randomisation', () => {
    const evaluator = evaluatorWith(experimentOf({ key: 'exp', phase: 3 }));
    for (const unit of units(100)) {
      const expected = bucket('exp.3', unit) < 5_000 ? 'control' : 'treatment';
      expect(evaluator.experiment('exp', { id: unit })?.version).toBe(expected);
    }
  });

  it('reads the unit from unitAttribute, stringifying numbers; no unit, no experiment', () => {
    const evaluator = evaluatorWith(experimentOf({ key: 'exp', unitAttribute: 'account' }));
    const expected = bucket('exp', '7') < 5_000 ? 'control' : 'treatment';
    expect(evaluator.experiment('exp', { account: 7 })?.version).toBe(expected);
    expect(evaluator.experiment('exp', { id: 'u1' })).toBeNull();
    expect(evaluator.experiment('exp', { account: '' })).toBeNull();
  });

  it('requires the conditions and segments', () => {
    const evaluator = createEvaluator(
      payloadOf({
        segments: [{ key: 'beta', conditions: [{ attribute: 'beta', operator: 'eq', values: [true] }] }],
        experiments: [
          experimentOf({
            key: 'exp',
            conditions: [{ attribute: 'country', operator: 'in', values: ['US'] }],
            segments: ['beta'],
          }),
        ],
      }),
    );
    expect(evaluator.experiment('exp', { id: 'u', country: 'US', beta: true })).not.toBeNull();
    expect(evaluator.experiment('exp', { id: 'u', country: 'US', beta: false })).toBeNull();
    expect(evaluator.experiment('exp', { id: 'u', country: 'FR', beta: true })).toBeNull();
  });

  it('admits units whose layer slot is in [start, end)', () => {
    const evaluator = evaluatorWith(experimentOf({ key: 'exp', layer: { key: 'home', start: 2_000, end: 4_000 } }));
    for (const unit of units(300)) {
      const slot = bucket('home', unit);
      expect(evaluator.experiment('exp', { id: unit }) !== null).toBe(slot >= 2_000 && slot < 4_000);
    }
  });

  it('admits units whose traffic bucket is below the traffic', () => {
    const evaluator = evaluatorWith(experimentOf({ key: 'exp', traffic: 3_000 }));
    const phased = evaluatorWith(experimentOf({ key: 'exp', traffic: 3_000, phase: 1 }));
    for (const unit of units(300)) {
      expect(evaluator.experiment('exp', { id: unit }) !== null).toBe(bucket('traffic.exp', unit) < 3_000);
      expect(phased.experiment('exp', { id: unit }) !== null).toBe(bucket('traffic.exp.1', unit) < 3_000);
    }
    expect(evaluatorWith(experimentOf({ key: 'none', traffic: 0 })).experiment('none', { id: 'u' })).toBeNull();
  });

  it('returns null for experiments the payload does not hold', () => {
    expect(evaluatorWith().experiment('ghost', { id: 'u' })).toBeNull();
  });
});

describe('forced versions', () => {
  it('win over conditions, layer, traffic and a missing unit when the version exists', () => {
    const evaluator = evaluatorWith(
      experimentOf({
        key: 'exp',
        traffic: 0,
        conditions: [{ attribute: 'country', operator: 'eq', values: ['US'] }],
        layer: { key: 'l', start: 0, end: 0 },
      }),
    );
    expect(evaluator.experiment('exp', {}, { forcedVersions: { exp: 'treatment' } })).toEqual({
      experiment: 'exp',
      version: 'treatment',
      params: { color: 'green' },
      forced: true,
    });
    expect(evaluator.experiment('exp', { id: 'u' }, { forcedVersions: { exp: 'ghost' } })).toBeNull();
  });

  it('are neither read from nor written to the sticky store', () => {
    const { sticky, writes } = memorySticky({ exp: { version: 'control', phase: 0 } });
    const evaluator = evaluatorWith(experimentOf({ key: 'exp' }));
    expect(evaluator.experiment('exp', { id: 'u' }, { forcedVersions: { exp: 'treatment' }, sticky })?.version).toBe(
      'treatment',
    );
    expect(writes).toEqual([]);
  });
});

describe('sticky assignments', () => {
  const unit = units(200).find((id) => bucket('exp', id) < 5_000) as string;

  it('stores a fresh assignment for the unit', () => {
    const { sticky, writes, units: owners } = memorySticky();
    const evaluator = evaluatorWith(experimentOf({ key: 'exp' }));
    expect(evaluator.experiment('exp', { id: unit }, { sticky })?.version).toBe('control');
    expect(evaluator.experiment('exp', { id: unit }, { sticky })?.version).toBe('control');
    expect(writes).toEqual(['exp=control@0']);
    expect(owners).toEqual([unit]);
  });

  it('keeps a stored version of the same phase even when weights or traffic changed', () => {
    const { sticky, writes } = memorySticky({ exp: { version: 'treatment', phase: 0 } });
    const reweighted = experimentOf({
      key: 'exp',
      traffic: 0,
      versions: [versionOf('control', 10_000), versionOf('treatment', 0)],
    });
    expect(evaluatorWith(reweighted).experiment('exp', { id: unit }, { sticky })?.version).toBe('treatment');
    expect(writes).toEqual([]);
  });

  it('still applies the conditions and needs a unit', () => {
    const { sticky } = memorySticky({ exp: { version: 'treatment', phase: 0 } });
    const evaluator = evaluatorWith(
      experimentOf({ key: 'exp', conditions: [{ attribute: 'country', operator: 'eq', values: ['US'] }] }),
    );
    expect(evaluator.experiment('exp', { id: unit, country: 'FR' }, { sticky })).toBeNull();
    expect(evaluator.experiment('exp', { country: 'US' }, { sticky })).toBeNull();
  });

  it('ignores an entry of another phase or of a removed version, and replaces it', () => {
    const phased = memorySticky({ exp: { version: 'treatment', phase: 0 } });
    const evaluator = evaluatorWith(experimentOf({ key: 'exp', phase: 1 }));
    const fresh = bucket('exp.1', unit) < 5_000 ? 'control' : 'treatment';
    expect(evaluator.experiment('exp', { id: unit }, { sticky: phased.sticky })?.version).toBe(fresh);
    expect(phased.writes).toEqual([`exp=${fresh}@1`]);

    const removed = memorySticky({ exp: { version: 'retired', phase: 0 } });
    expect(
      evaluatorWith(experimentOf({ key: 'exp' })).experiment('exp', { id: unit }, { sticky: removed.sticky })?.version,
    ).toBe('control');
    expect(removed.writes).toEqual(['exp=control@0']);
  });

  it('stores nothing for a unit outside the experiment', () => {
    const { sticky, writes } = memorySticky();
    evaluatorWith(experimentOf({ key: 'exp', traffic: 0 })).experiment('exp', { id: unit }, { sticky });
    expect(writes).toEqual([]);
  });

  it('reports a failing store and still assigns', () => {
    const log = errorLog();
    const sticky: StickyAssignments = {
      get: () => {
        throw new Error('storage blocked');
      },
      set: () => {
        throw new Error('quota exceeded');
      },
    };
    const assignment = evaluatorWith(experimentOf({ key: 'exp' })).experiment('exp', { id: unit }, { ...log, sticky });
    expect(assignment?.version).toBe('control');
    expect(log.errors.map((error) => error.message)).toEqual(['storage blocked', 'quota exceeded']);
  });
});

describe('bad experiment pieces', () => {
  it('leaves a unit out past weights summing below 10000, and reports it once', () => {
    const log = errorLog();
    const evaluator = evaluatorWith(experimentOf({ key: 'exp', versions: [versionOf('a', 1_000)] }));
    const results = units(200).map((unit) => evaluator.experiment('exp', { id: unit }, log));
    expect(results.filter((result) => result === null).length).toBeGreaterThan(100);
    expect(results.some((result) => result?.version === 'a')).toBe(true);
    expect(log.errors).toHaveLength(1);
  });

  it('turns a malformed experiment into one nobody is in, reported', () => {
    const log = errorLog();
    const broken = { ...experimentOf({ key: 'exp' }), versions: 'nope' } as unknown as PayloadExperiment;
    const evaluator = evaluatorWith(broken, experimentOf({ key: 'fine' }));
    expect(evaluator.experiment('exp', { id: 'u' }, log)).toBeNull();
    expect(evaluator.experiment('fine', { id: 'u' }, log)).not.toBeNull();
    expect(log.errors[0]?.message).toMatch(/no versions/);
  });
});
