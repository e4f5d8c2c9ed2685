import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { type PageValues, renderIndexHtml } from './render-index';

function buildConsoleFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-console-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Tabula</title></head><body></body></html>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("tabula")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dir, 'locales', 'zh-CN'), { recursive: true });
  writeFileSync(join(dir, 'locales', 'zh-CN', 'common.json'), '{"save":"保存"}');
  writeFileSync(join(dir, 'secret.json'), '{"do not":"serve through i18n"}');
  return dir;
}

const html = { accept: 'text/html,application/xhtml+xml' };

const values: PageValues = {
  releaseId: '1.0 "beta"',
  platform: 'sg',
  deployEnv: 'prod',
  apiHosts: { test: 'https://api-test.example', prod: 'https://api.example', sgProd: 'https://api-sg.example' },
  editions: { 'games.example.com': 'mini-games' },
};

describe('renderIndexHtml', () => {
  it('puts the release id and the environment configuration right after <head>, escaped', () => {
    const page = renderIndexHtml('<html><head lang="en"><title>x</title></head></html>', values, 'http://any.example');
    expect(page).toBe(
      [
        '<html><head lang="en">',
        '<meta name="x-release-id" content="1.0 &quot;beta&quot;">',
        // Spec §4: sg/prod selects the Singapore production host.
        '<meta name="x-api-host" content="https://api-sg.example">',
        '<meta name="x-platform" content="sg">',
        '<meta name="x-env" content="prod">',
        '<meta name="x-api-host-test" content="https://api-test.example">',
        '<meta name="x-api-host-prod" content="https://api.example">',
        '<meta name="x-api-host-sg-prod" content="https://api-sg.example">',
        '<meta name="x-editions" content="{&quot;games.example.com&quot;:&quot;mini-games&quot;}">',
        '<title>x</title></head></html>',
      ].join(''),
    );
  });

  it('gives a test or local deployment the test host', () => {
    for (const deployEnv of ['test', 'local'] as const) {
      const page = renderIndexHtml('<head></head>', { ...values, deployEnv }, 'http://any.example');
      expect(page).toContain('<meta name="x-api-host" content="https://api-test.example">');
    }
  });
});

describe('serving the console', () => {
  const t = useTestApp({ consoleDir: buildConsoleFixture(), releaseId: 'r-42', deployEnv: 'test' });

  it('answers client routes with index.html carrying the release id', async () => {
    for (const url of ['/', '/projects/abc/flags', '/invite/some-token', '/index.html']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<head><meta name="x-release-id" content="r-42">');
      // No API host configured: the console calls the address it was opened at.
      expect(response.body).toContain(
        '<meta name="x-env" content="test"><meta name="x-api-host-test" content="http://localhost:80">',
      );
      expect(response.body).toContain('<meta name="x-editions" content="{}"><title>Tabula</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('tells the console to call the origin it was opened at when no API host is configured', async () => {
    for (const host of ['127.0.0.1:4000', 'localhost:4000', '192.168.1.20:4000']) {
      const response = await t.app.inject({ url: '/projects', headers: { ...html, host } });
      expect(response.body).toContain(`<meta name="x-api-host" content="http://${host}">`);
      expect(response.body).toContain(`<meta name="x-api-host-prod" content="http://${host}">`);
    }
  });

  it('serves hashed assets for a year and other files for revalidation', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API, SDK and missing assets out of the fallback', async () => {
    for (const url of ['/api/v1/nope', '/sdk/v1/nope', '/assets/missing.js']) {
      const response = await t.app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await t.app.inject({ url: '/logo.png', headers: { accept: 'image/*' } })).statusCode).toBe(404);
  });

  it('serves translation bundles with a 30-minute cache', async () => {
    const response = await t.app.inject({ url: '/i18n/console/common/zh-CN.json?v=3' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ save: '保存' });
    expect(response.headers['cache-control']).toBe('public, max-age=1800');
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses anything but a known app, namespace and language', async () => {
    for (const url of [
      '/i18n/console/common/en.json',
      '/i18n/editor/common/zh-CN.json',
      '/i18n/console/..%2F..%2Fsecret/zh-CN.json',
      '/i18n/console/common/..%2F..%2Fsecret.json',
      '/i18n/console/%2e%2e/zh-CN.json',
      '/i18n/console/common/ZH_cn.json',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('do not');
    }
    // An address with NUL in it is refused before any route sees it.
    expect((await t.app.inject({ url: '/i18n/console/common%00/zh-CN.json' })).statusCode).toBe(400);
  });
});

describe('before the console is built', () => {
  const t = useTestApp({ consoleDir: mkdtempSync(join(tmpdir(), 'tabula-empty-')) });

  it('tells how to build it, and the API keeps working', async () => {
    const page = await t.app.inject({ url: '/', headers: html });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/text\/plain/);
    expect(page.body).toContain('npm run build');
    expect(page.body.split('\n')).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
