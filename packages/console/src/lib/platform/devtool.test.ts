import { describe, expect, it } from 'vitest';
import {
  assertDevtoolAvailable,
  chooseEnvTagCookie,
  DevtoolUnavailableError,
  ENV_TAG_COOKIE,
  envTagCookie,
  readEnvTagCookie,
} from './devtool';

describe('developer tool (spec §4, §8)', () => {
  it('throws the spec’s error in production only', () => {
    expect(() => assertDevtoolAvailable('prod')).toThrow(DevtoolUnavailableError);
    expect(() => assertDevtoolAvailable('prod')).toThrow('environment abnormal, cannot use devtool features');
    expect(() => assertDevtoolAvailable('test')).not.toThrow();
    expect(() => assertDevtoolAvailable('local')).not.toThrow();
  });

  it('keeps the chosen tag in a cookie on path /, and forgets it', () => {
    expect(envTagCookie({ platform: 'sg', environment: 'prod' })).toBe(
      `${ENV_TAG_COOKIE}=sg%2Fprod; path=/; max-age=2592000; samesite=lax`,
    );
    expect(envTagCookie(null)).toBe(`${ENV_TAG_COOKIE}=; path=/; max-age=0; samesite=lax`);
  });

  it('reads the cookie back from the page’s cookies', () => {
    expect(readEnvTagCookie(`a=1; ${ENV_TAG_COOKIE}=sg%2Fprod; b=2`)).toBe('sg/prod');
    expect(readEnvTagCookie(`${ENV_TAG_COOKIE}=`)).toBeUndefined();
    expect(readEnvTagCookie(`x${ENV_TAG_COOKIE}=gcp%2Ftest`)).toBeUndefined();
    expect(readEnvTagCookie('')).toBeUndefined();
    expect(readEnvTagCookie(`${ENV_TAG_COOKIE}=%E0%A4%A`)).toBe('%E0%A4%A');
  });

  it('writes the choice outside production, and refuses to in production', () => {
    chooseEnvTagCookie('test', { platform: 'gcp', environment: 'prod' });
    expect(readEnvTagCookie(document.cookie)).toBe('gcp/prod');
    expect(() => chooseEnvTagCookie('prod', { platform: 'sg', environment: 'test' })).toThrow(DevtoolUnavailableError);
    expect(readEnvTagCookie(document.cookie)).toBe('gcp/prod');
    chooseEnvTagCookie('local', null);
    expect(readEnvTagCookie(document.cookie)).toBeUndefined();
  });
});
