import { describe, expect, it } from 'vitest';
import { isOutdated } from './sdk-version';

const shipped = ['3.0.5', '1.0.7'];

describe('outdated SDK versions', () => {
  it.each([
    ['3.0.5', false],
    ['3.0.1', false],
    ['3.1.0', false],
    ['1.0.0', false],
    ['2.9.9', true],
    ['0.9.0', true],
    ['4.0.0', false],
    ['v3.0.5', false],
  ])('%s is outdated: %s', (version, outdated) => {
    expect(isOutdated(version, shipped)).toBe(outdated);
  });

  it('compares only major and minor, within the line', () => {
    expect(isOutdated('3.0.0', ['3.2.0'])).toBe(true);
    expect(isOutdated('3.2.9', ['3.2.0'])).toBe(false);
  });

  it('cannot say for versions it cannot read', () => {
    expect(isOutdated('latest', shipped)).toBeNull();
    expect(isOutdated('3.0.5', [])).toBeNull();
  });
});
