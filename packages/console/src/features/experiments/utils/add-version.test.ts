import { describe, expect, it } from 'vitest';
import { experimentFixture } from '../fixtures';
import { withAddedVersion } from './add-version';

describe('withAddedVersion', () => {
  it('adds the version and splits the traffic equally, keeping the others as they are', () => {
    const versions = withAddedVersion(experimentFixture().versions, 'Red button');
    expect(versions.map(({ key, weight, isControl }) => ({ key, weight, isControl }))).toEqual([
      { key: 'control', weight: 3334, isControl: true },
      { key: 'green', weight: 3333, isControl: false },
      { key: 'red-button', weight: 3333, isControl: false },
    ]);
    expect(versions[1]!.name).toBe(experimentFixture().versions[1]!.name);
  });

  it('keys a name without Latin letters by its position, never reusing a key', () => {
    const taken = experimentFixture({
      versions: [...experimentFixture().versions, { ...experimentFixture().versions[1]!, key: 'treatment-3' }],
    }).versions;
    expect(withAddedVersion(taken, '红色').at(-1)!.key).toBe('treatment-3-2');
  });
});
