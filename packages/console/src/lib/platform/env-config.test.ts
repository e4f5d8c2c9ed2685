import { PAGE_META } from '@tabula/protocol';
import { describe, expect, it } from 'vitest';
import { ENV_CONFIG_ABNORMAL, readEnvConfig } from './env-config';

const complete: Record<string, string> = {
  [PAGE_META.apiHost]: 'https://api-test.example/',
  [PAGE_META.platform]: 'sg',
  [PAGE_META.environment]: 'test',
  [PAGE_META.testApiHost]: 'https://api-test.example',
  [PAGE_META.prodApiHost]: 'https://api.example',
  [PAGE_META.sgProdApiHost]: 'https://api-sg.example',
};
const reader = (values: Record<string, string>) => (name: string) => values[name];
const without = (name: string) => Object.fromEntries(Object.entries(complete).filter(([key]) => key !== name));

describe('environment configuration (spec §3, §4)', () => {
  it('is what the server injected, when everything is there', () => {
    expect(readEnvConfig(reader(complete), 'https://console.example')).toEqual({
      config: {
        apiHost: 'https://api-test.example',
        platform: 'sg',
        environment: 'test',
        apiHosts: { test: 'https://api-test.example', prod: 'https://api.example', sgProd: 'https://api-sg.example' },
      },
      problem: null,
    });
  });

  it('falls back to production, platform gcp and environment prod when nothing was injected, and says so', () => {
    const { config, problem } = readEnvConfig(reader({}), 'https://console.example');
    expect(config).toMatchObject({ apiHost: 'https://console.example', platform: 'gcp', environment: 'prod' });
    expect(problem).toMatch(new RegExp(`^${ENV_CONFIG_ABNORMAL}`));
    expect(ENV_CONFIG_ABNORMAL).toBe('environment config abnormal, real business has failed');
  });

  it.each(Object.values(PAGE_META).filter((name) => name in complete))('falls back when %s is missing', (name) => {
    const { config, problem } = readEnvConfig(reader(without(name)), 'https://console.example');
    expect(config.environment).toBe('prod');
    expect(config.platform).toBe('gcp');
    expect(problem).toContain(name);
  });

  it('uses the injected production host in the fallback when that much is readable', () => {
    const { config, problem } = readEnvConfig(
      reader({ ...complete, [PAGE_META.platform]: 'aws' }),
      'https://console.example',
    );
    expect(config.apiHost).toBe('https://api.example');
    expect(problem).toBe(`${ENV_CONFIG_ABNORMAL} (missing or invalid: x-platform)`);
  });

  it('treats values that are not hosts, platforms or environments as missing', () => {
    for (const [name, value] of [
      [PAGE_META.apiHost, 'not a url'],
      [PAGE_META.environment, 'staging'],
      [PAGE_META.testApiHost, 'ftp://files.example'],
    ]) {
      expect(readEnvConfig(reader({ ...complete, [name!]: value! }), 'https://c.example').problem).toContain(name);
    }
  });
});
