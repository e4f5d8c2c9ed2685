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
      openSignup: false,
      oidc: null,
      releaseId: packageJson.version,
    });
    expect(config.consoleDir).toMatch(/console[/\\]dist$/);
    expect(config.sdkDir).toMatch(/sdk[/\\]dist$/);
    expect(config.sdkEventRequestsPerMinute).toBe(600);
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
      TABULA_OPEN_SIGNUP: 'true',
      TABULA_OIDC_ISSUER: 'https://id.example.com',
      TABULA_OIDC_CLIENT_ID: 'tabula',
      TABULA_OIDC_CLIENT_SECRET: 'shh',
      TABULA_OIDC_LABEL: 'Company login',
      TABULA_CONSOLE_DIR: '/srv/console',
      TABULA_SDK_DIR: '/srv/sdk',
      TABULA_SDK_EVENT_RATE_LIMIT: '6000',
      TABULA_RELEASE_ID: '2026.11.1',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://tabula@db/tabula',
      publicUrl: 'https://ab.example.com',
      secureCookies: true,
      openSignup: true,
      oidc: { issuer: 'https://id.example.com', clientId: 'tabula', clientSecret: 'shh', label: 'Company login' },
      releaseId: '2026.11.1',
      sdkDir: '/srv/sdk',
      sdkEventRequestsPerMinute: 6000,
    });
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
  ])('names the bad variable in %j', (env, name) => {
    expect(() => loadConfig({ TABULA_SECRET: 's'.repeat(40), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ TABULA_SECRET: 's'.repeat(40), ...env })).toThrow(name);
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
