import { describe, expect, it } from 'vitest';
import { compareSemver, parseSemver, type Semver } from '../../src/core';

const parse = (text: string) => parseSemver(text) as Semver;
const sign = (a: string, b: string) => Math.sign(compareSemver(parse(a), parse(b)));

describe('parseSemver', () => {
  it('reads major, minor, patch, an optional v, prerelease and build', () => {
    expect(parseSemver('v1.2.3-rc.1+build.7')).toEqual({ major: 1, minor: 2, patch: 3, prerelease: ['rc', 1] });
    expect(parseSemver('2')).toEqual({ major: 2, minor: 0, patch: 0, prerelease: [] });
    expect(parseSemver(' 1.2 ')).toEqual({ major: 1, minor: 2, patch: 0, prerelease: [] });
  });

  it('takes an uppercase V as it takes v', () => {
    expect(parseSemver('V1.2.3')).toEqual(parseSemver('v1.2.3'));
    expect(parseSemver('V2.0.0-rc.1+7')).toEqual({ major: 2, minor: 0, patch: 0, prerelease: ['rc', 1] });
    expect(sign('V1.2.3', '1.2.4')).toBe(-1);
    expect(sign('V1.2.3', 'v1.2.3')).toBe(0);
  });

  it('refuses what is no version', () => {
    for (const text of ['', 'v', 'V', 'vV1.2.3', 'x.1.2', '1.2.3.4', '1.2.3-', '1..2', '1.2.3-a..b']) {
      expect(parseSemver(text), text).toBeUndefined();
    }
  });
});

describe('compareSemver', () => {
  it('orders by SemVer 2.0.0 §11 precedence', () => {
    const ordered = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.1.0',
      '2.0.0',
    ];
    for (let i = 0; i + 1 < ordered.length; i++) {
      expect(sign(ordered[i] as string, ordered[i + 1] as string), `${ordered[i]} < ${ordered[i + 1]}`).toBe(-1);
      expect(sign(ordered[i + 1] as string, ordered[i] as string)).toBe(1);
    }
  });

  it('ignores build metadata and the v prefix', () => {
    expect(sign('1.0.0+a', 'v1.0.0+b')).toBe(0);
  });
});
