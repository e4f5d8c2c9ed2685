import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { checkEdit, checkStatus, randomisingChanges, startIssues } from './lifecycle';

const thrown = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
};

const versions = [
  { key: 'control', name: 'Control', weight: 5000, isControl: true, params: {} },
  { key: 'b', name: 'B', weight: 5000, isControl: false, params: {} },
];

describe('experiment lifecycle', () => {
  it('allows each action from the statuses its transitions list, and names the status otherwise', () => {
    expect(() => checkStatus({ key: 'hero', status: 'draft' }, 'start')).not.toThrow();
    expect(() => checkStatus({ key: 'hero', status: 'paused' }, 'start')).not.toThrow();
    expect(() => checkStatus({ key: 'hero', status: 'archived' }, 'delete')).not.toThrow();
    const error = thrown(() => checkStatus({ key: 'hero', status: 'running' }, 'archive'));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('Experiment "hero" is running: only a draft or stopped experiment can be archived');
    expect(thrown(() => checkStatus({ key: 'hero', status: 'stopped' }, 'delete')).message).toContain(
      'is stopped: only a draft or archived experiment can be deleted',
    );
    expect(thrown(() => checkStatus({ key: 'hero', status: 'draft' }, 'pause')).message).toContain('is draft');
  });

  it('lists what an experiment lacks to start', () => {
    expect(startIssues({ kind: 'ab', traffic: 10_000, page: null, versions })).toEqual([]);
    const issues = startIssues({ kind: 'visual', traffic: 0, page: null, versions: [versions[0]!] });
    expect(issues.map((issue) => issue.path)).toEqual(['versions', 'versions', 'traffic', 'page']);
    expect(issues[1]!.message).toBe('Weights add up to 5000; they must add up to 10000 (100%)');
  });

  it('tells which changes move units between versions', () => {
    const before = { traffic: 10_000, unitAttribute: 'id', versions };
    expect(randomisingChanges(before, { ...before, versions: versions.map((v) => ({ ...v, name: 'x' })) })).toEqual([]);
    expect(randomisingChanges(before, { ...before, traffic: 5000, unitAttribute: 'deviceId' })).toEqual([
      'traffic',
      'unitAttribute',
    ]);
    expect(randomisingChanges(before, { ...before, versions: [...versions].reverse() })).toEqual(['versions']);
    const reweighed = [
      { ...versions[0]!, weight: 3000 },
      { ...versions[1]!, weight: 7000 },
    ];
    expect(randomisingChanges(before, { ...before, versions: reweighed })).toEqual(['versions']);
  });

  it('lets each status change only what is safe', () => {
    const draft = { key: 'hero', status: 'draft' as const };
    expect(checkEdit(draft, { changed: ['layer', 'traffic'], randomising: ['traffic'], reRandomise: false })).toEqual({
      newPhase: false,
    });

    const running = { key: 'hero', status: 'running' as const };
    expect(checkEdit(running, { changed: ['name', 'segments'], randomising: [], reRandomise: false })).toEqual({
      newPhase: false,
    });
    const unasked = thrown(() =>
      checkEdit(running, { changed: ['versions'], randomising: ['versions'], reRandomise: false }),
    );
    expect(unasked.statusCode).toBe(409);
    expect(unasked.details).toEqual({ requires: 'reRandomise', fields: ['versions'] });
    // Said in the product's words, for whoever reads it in the console rather than in the API.
    expect(unasked.message).toBe(
      'Experiment "hero" is running: adding or removing versions, or changing the traffic, the weights or the unit attribute, moves visitors to other versions. Saving it starts a new phase, whose results count from then on; confirm re-randomising (reRandomise: true) to save it.',
    );
    expect(checkEdit(running, { changed: ['versions'], randomising: ['versions'], reRandomise: true })).toEqual({
      newPhase: true,
    });
    const moved = thrown(() =>
      checkEdit({ key: 'hero', status: 'paused' }, { changed: ['layerSlots'], randomising: [], reRandomise: true }),
    );
    expect(moved.message).toBe('Experiment "hero" is paused: stop it before changing its layer or slots');

    const stopped = { key: 'hero', status: 'stopped' as const };
    expect(checkEdit(stopped, { changed: ['name', 'hypothesis'], randomising: [], reRandomise: false })).toEqual({
      newPhase: false,
    });
    const frozen = thrown(() =>
      checkEdit(stopped, { changed: ['name', 'metrics'], randomising: [], reRandomise: false }),
    );
    expect(frozen.details).toEqual({ fields: ['metrics'] });
  });
});
