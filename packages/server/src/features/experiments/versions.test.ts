import { describe, expect, it } from 'vitest';
import type { ExperimentVersion, VersionInput } from './types';
import { defaultVersions, versionIssues, versionRows } from './versions';

describe('experiment versions', () => {
  it('accepts the default split', () => {
    expect(versionIssues(defaultVersions())).toEqual([]);
  });

  it('names duplicate keys, a control count other than one, and weights not adding up', () => {
    const [control, treatment] = defaultVersions() as [VersionInput, VersionInput];
    expect(versionIssues([control, { ...control, isControl: false }])).toEqual([
      { path: 'versions.1.key', message: 'Version "control" appears twice' },
    ]);
    expect(versionIssues([control, { ...treatment, isControl: true }])).toEqual([
      { path: 'versions', message: 'Exactly one version must be the control; 2 are' },
    ]);
    expect(versionIssues([{ ...control, isControl: false, weight: 4000 }, treatment])).toEqual([
      { path: 'versions', message: 'Exactly one version must be the control; 0 are' },
      { path: 'versions', message: 'Weights add up to 9000; they must add up to 10000 (100%)' },
    ]);
  });

  it('keeps the id and change records of versions whose key stays, in the new order', () => {
    const kept: ExperimentVersion = {
      id: 'v1',
      experimentId: 'e1',
      key: 'treatment',
      name: 'Old name',
      weight: 5000,
      isControl: false,
      params: {},
      changeRecords: [{ selector: 'h1', type: 'style' }],
      position: 1,
    };
    const rows = versionRows('e1', [{ ...defaultVersions()[1]!, name: 'Treatment' }, defaultVersions()[0]!], [kept]);
    expect(rows[0]).toEqual({ ...kept, name: 'Treatment', position: 0 });
    expect(rows[1]).toMatchObject({ key: 'control', experimentId: 'e1', changeRecords: [], position: 1 });
    expect(rows[1]!.id).not.toBe('v1');
  });
});
