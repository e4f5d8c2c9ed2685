import { describe, expect, it } from 'vitest';
import type { EnvConfig } from './env-config';
import { chooseEnvTag, INVALID_ENV_TAG } from './env-tag';

const apiHosts = { test: 'https://api-test.example', prod: 'https://api.example', sgProd: 'https://api-sg.example' };
const config = (environment: EnvConfig['environment'], platform: EnvConfig['platform'] = 'sg'): EnvConfig => ({
  apiHost: environment === 'prod' ? apiHosts.sgProd : apiHosts.test,
  platform,
  environment,
  apiHosts,
});

describe('environment tags (spec §4)', () => {
  it.each([
    ['gcp/test', apiHosts.test],
    ['sg/test', apiHosts.test],
    ['gcp/prod', apiHosts.prod],
    ['sg/prod', apiHosts.sgProd],
  ])('outside production the cookie %s selects %s', (cookie, host) => {
    for (const environment of ['test', 'local'] as const) {
      const choice = chooseEnvTag(config(environment), cookie);
      expect(choice.apiHost).toBe(host);
      expect(`${choice.tag.platform}/${choice.tag.environment}`).toBe(cookie);
      expect(choice.invalidCookie).toBeNull();
    }
  });

  it('without a cookie uses the page’s own tag, local behaving like test', () => {
    expect(chooseEnvTag(config('local'), undefined)).toEqual({
      tag: { platform: 'sg', environment: 'test' },
      apiHost: apiHosts.test,
      invalidCookie: null,
    });
  });

  it('ignores the cookie in production', () => {
    expect(chooseEnvTag(config('prod'), 'gcp/test')).toEqual({
      tag: { platform: 'sg', environment: 'prod' },
      apiHost: apiHosts.sgProd,
      invalidCookie: null,
    });
  });

  it('resets an invalid tag to gcp/test and hands it over for reporting', () => {
    for (const cookie of ['aws/test', 'gcp/local', 'gcp', ' ']) {
      expect(chooseEnvTag(config('test'), cookie)).toEqual({
        tag: { platform: 'gcp', environment: 'test' },
        apiHost: apiHosts.test,
        invalidCookie: cookie,
      });
    }
    expect(INVALID_ENV_TAG).toBe('invalid env tag, reset to gcp/test');
  });
});
