import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'tabula-config-'));

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({ TABULA_DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: null,
      publicUrl: 'http://localhost:4000',
      secureCookies: false,
      cookieDomain: null,
      openSignup: false,
      oidc: null,
      releaseId: packageJson.version,
    });
    expect(config.consoleDir).toMatch(/console[/\\]dist$/);
    expect(config.sdkDir).toMatch(/sdk[/\\]dist$/);
    expect(config.sdkEventRequestsPerMinute).toBe(600);
    expect(config.ofrepRequestsPerMinute).toBe(60_000);
    expect(config.rumRequestsPerMinute).toBe(600);
    expect(config.analysisConnections).toBe(1);
    expect(config.redisUrl).toBeNull();
    expect(loadConfig({ TABULA_DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/t' }).analysisConnections).toBe(2);
  });

  it('tells the console it runs in production on gcp, calling its own origin, and no editions', () => {
    const config = loadConfig({ TABULA_DATA_DIR: dataDir(), TABULA_PUBLIC_URL: 'https://ab.example.com' });
    expect(config).toMatchObject({
      platform: 'gcp',
      deployEnv: 'prod',
      apiHosts: { test: null, prod: null, sgProd: null },
      editions: {},
    });
  });

  it('keeps a generated secret in the data dir, readable by the server only', () => {
    const dir = dataDir();
    const first = loadConfig({ TABULA_DATA_DIR: dir });
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ TABULA_DATA_DIR: dir }).secret).toBe(first.secret);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      TABULA_SECRET: 's'.repeat(40),
      DATABASE_URL: 'postgres://tabula@db/tabula',
      TABULA_PUBLIC_URL: 'https://ab.example.com/',
      TABULA_COOKIE_DOMAIN: '.Example.com',
      TABULA_OPEN_SIGNUP: 'true',
      TABULA_OIDC_ISSUER: 'https://id.example.com',
      TABULA_OIDC_CLIENT_ID: 'tabula',
      TABULA_OIDC_CLIENT_SECRET: 'shh',
      TABULA_OIDC_LABEL: 'Company login',
      TABULA_CONSOLE_DIR: '/srv/console',
      TABULA_SDK_DIR: '/srv/sdk',
      TABULA_SDK_EVENT_RATE_LIMIT: '6000',
      TABULA_OFREP_RATE_LIMIT: '120',
      TABULA_COUNTRY_HEADER: 'X-Geo-Country, cf-ipcountry',
      TABULA_RELEASE_ID: '2026.11.1',
      TABULA_PLATFORM: 'sg',
      TABULA_ENV: 'test',
      TABULA_API_HOST_TEST: 'https://api-test.example.com/',
      TABULA_API_HOST_PROD: 'https://api.example.com',
      TABULA_API_HOST_SG_PROD: 'https://api-sg.example.com',
      TABULA_EDITIONS: ' AB.example.com=international, games.example.com = mini-games,tab.example.com=internal-tab',
      TABULA_RUM_RATE_LIMIT: '60',
      TABULA_ANALYSIS_REFRESH_MINUTES: '15',
      TABULA_EVENT_RETENTION_MONTHS: '13',
      TABULA_ANALYSIS_CONNECTIONS: '4',
      TABULA_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, fd00::/8, loopback',
      TABULA_REDIS_URL: 'rediss://:pw@cache.example.com:6380/2',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://tabula@db/tabula',
      publicUrl: 'https://ab.example.com',
      secureCookies: true,
      cookieDomain: 'example.com',
      openSignup: true,
      oidc: { issuer: 'https://id.example.com', clientId: 'tabula', clientSecret: 'shh', label: 'Company login' },
      releaseId: '2026.11.1',
      sdkDir: '/srv/sdk',
      sdkEventRequestsPerMinute: 6000,
      ofrepRequestsPerMinute: 120,
      countryHeaders: ['x-geo-country', 'cf-ipcountry'],
      platform: 'sg',
      deployEnv: 'test',
      apiHosts: {
        test: 'https://api-test.example.com',
        prod: 'https://api.example.com',
        sgProd: 'https://api-sg.example.com',
      },
      editions: {
        'ab.example.com': 'international',
        'games.example.com': 'mini-games',
        'tab.example.com': 'internal-tab',
      },
      rumRequestsPerMinute: 60,
      analysisRefreshMinutes: 15,
      eventRetentionMonths: 13,
      analysisConnections: 4,
      trustProxy: ['10.0.0.1', '10.1.0.0/16', 'fd00::/8', 'loopback'],
      redisUrl: 'rediss://:pw@cache.example.com:6380/2',
    });
  });

  it('takes ClickHouse as an http(s) address naming its database, and an optional cluster', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ TABULA_SECRET: secret }).clickhouse).toBeNull();
    expect(
      loadConfig({
        TABULA_SECRET: secret,
        TABULA_CLICKHOUSE_URL: 'https://ana:pw@ch.example.com:8443/tabula',
        TABULA_CLICKHOUSE_CLUSTER: 'events',
      }).clickhouse,
    ).toEqual({ url: 'https://ana:pw@ch.example.com:8443/tabula', cluster: 'events' });
    expect(loadConfig({ TABULA_SECRET: secret, TABULA_CLICKHOUSE_URL: 'http://ch:8123' }).clickhouse).toEqual({
      url: 'http://ch:8123',
      cluster: null,
    });
    for (const value of ['tcp://ch:9000', 'http://ch:8123/a-b', 'http://ch:8123/a/b']) {
      expect(() => loadConfig({ TABULA_SECRET: secret, TABULA_CLICKHOUSE_URL: value })).toThrow(ConfigError);
    }
    expect(() =>
      loadConfig({ TABULA_SECRET: secret, TABULA_CLICKHOUSE_URL: 'http://ch:8123', TABULA_CLICKHOUSE_CLUSTER: 'a b' }),
    ).toThrow(ConfigError);
  });

  it('reads the country from common CDN headers unless told which, and refuses what is no header name', () => {
    expect(loadConfig({}).countryHeaders).toContain('cf-ipcountry');
    expect(() => loadConfig({ TABULA_COUNTRY_HEADER: 'cf ipcountry' })).toThrow(/header names/);
  });

  it('takes a redis:// or rediss:// URL for the shared rate limits, and nothing else', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ TABULA_SECRET: secret, TABULA_REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(loadConfig({ TABULA_SECRET: secret, TABULA_REDIS_URL: ' ' }).redisUrl).toBeNull();
    for (const value of ['http://cache:6379', '127.0.0.1:6379']) {
      expect(() => loadConfig({ TABULA_SECRET: secret, TABULA_REDIS_URL: value })).toThrow(
        new ConfigError(
          `Invalid environment variable TABULA_REDIS_URL=${JSON.stringify(value)}: expected a redis:// or rediss:// URL`,
        ),
      );
    }
  });

  it('trusts no proxy unless told, and every one only when told so', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ TABULA_SECRET: secret }).trustProxy).toBe(false);
    expect(loadConfig({ TABULA_SECRET: secret, TABULA_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TABULA_SECRET: secret, TABULA_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ TABULA_OPEN_SIGNUP: 'maybe' }, 'TABULA_OPEN_SIGNUP'],
    [{ TABULA_PUBLIC_URL: 'ftp://example.com' }, 'TABULA_PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
    [{ TABULA_SECRET: 'short' }, 'TABULA_SECRET'],
    [{ TABULA_SDK_EVENT_RATE_LIMIT: '0' }, 'TABULA_SDK_EVENT_RATE_LIMIT'],
    [{ TABULA_OIDC_ISSUER: 'https://id.example.com' }, 'TABULA_OIDC_CLIENT_ID'],
    [{ TABULA_PLATFORM: 'aws' }, 'TABULA_PLATFORM'],
    [{ TABULA_ENV: 'staging' }, 'TABULA_ENV'],
    [{ TABULA_API_HOST_SG_PROD: 'api-sg.example.com' }, 'TABULA_API_HOST_SG_PROD'],
    [{ TABULA_EDITIONS: 'ab.example.com=gold' }, 'TABULA_EDITIONS'],
    [{ TABULA_EDITIONS: 'https://ab.example.com=international' }, 'TABULA_EDITIONS'],
    [{ TABULA_EDITIONS: 'ab.example.com' }, 'TABULA_EDITIONS'],
    [{ TABULA_RUM_RATE_LIMIT: 'lots' }, 'TABULA_RUM_RATE_LIMIT'],
    [{ TABULA_EVENT_RETENTION_MONTHS: '-1' }, 'TABULA_EVENT_RETENTION_MONTHS'],
    [{ TABULA_ANALYSIS_CONNECTIONS: '0' }, 'TABULA_ANALYSIS_CONNECTIONS'],
    [{ TABULA_ANALYSIS_CONNECTIONS: '16' }, 'TABULA_ANALYSIS_CONNECTIONS'],
    [{ TABULA_COOKIE_DOMAIN: 'https://example.com' }, 'TABULA_COOKIE_DOMAIN'],
    [{ TABULA_COOKIE_DOMAIN: 'localhost' }, 'TABULA_COOKIE_DOMAIN'],
    [{ TABULA_TRUST_PROXY: '2' }, 'TABULA_TRUST_PROXY'],
    [{ TABULA_TRUST_PROXY: '10.0.0.1, proxy.example.com' }, 'TABULA_TRUST_PROXY'],
    [{ TABULA_TRUST_PROXY: '10.0.0.0/33' }, 'TABULA_TRUST_PROXY'],
  ])('names the bad variable in %j', (env, name) => {
    expect(() => loadConfig({ TABULA_SECRET: 's'.repeat(40), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ TABULA_SECRET: 's'.repeat(40), ...env })).toThrow(name);
  });

  it('takes the host of the public URL itself as a cookie domain', () => {
    const env = { TABULA_DATA_DIR: dataDir(), TABULA_PUBLIC_URL: 'https://console.example.com' };
    expect(loadConfig({ ...env, TABULA_COOKIE_DOMAIN: 'console.example.com' }).cookieDomain).toBe(
      'console.example.com',
    );
  });

  it('refuses a cookie domain the public URL is not in, whose cookie no browser would keep', () => {
    const env = { TABULA_SECRET: 's'.repeat(40), TABULA_PUBLIC_URL: 'https://console.example.com' };
    for (const domain of ['other.example', 'le.com', 'api.example.com']) {
      expect(() => loadConfig({ ...env, TABULA_COOKIE_DOMAIN: domain }), domain).toThrow(
        `Invalid environment: TABULA_COOKIE_DOMAIN=${domain} must be the host of TABULA_PUBLIC_URL (console.example.com) or a parent domain of it`,
      );
    }
  });

  it('says what an edition map looks like', () => {
    expect(() => loadConfig({ TABULA_SECRET: 's'.repeat(40), TABULA_EDITIONS: 'a.example.com=gold' })).toThrow(
      'Invalid environment variable TABULA_EDITIONS="a.example.com=gold": expected host=edition pairs separated by commas, editions being international, mini-games, internal-tab, payment-tab; not "a.example.com=gold"',
    );
  });
});

describe('starting with a bad variable', () => {
  it('prints one line naming it and exits 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'eighty', TABULA_DATA_DIR: dataDir() },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid environment variable PORT="eighty": expected a port number from 0 to 65535',
    );
  });
});
