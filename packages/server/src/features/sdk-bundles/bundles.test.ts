import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app';
import { addFlag, announceChange, fetchPayload, sdkProject } from '../../../test/sdk';

const sdkDir = mkdtempSync(join(tmpdir(), 'tabula-sdk-'));
const bundle = `(function(){window.tabula={version:"test"};${' '.repeat(2000)}})();\n`;
writeFileSync(join(sdkDir, 'tabula.js'), bundle);
// A part the bundle loads on demand, named with its build's hash, and files of the build that are no part.
const part = `export function startStream(){${' '.repeat(2000)}}\n`;
const PART = 'tabula-stream.0123abcd.js';
writeFileSync(join(sdkDir, PART), part);
writeFileSync(join(sdkDir, 'tabula.esm.js'), 'export {};\n');
writeFileSync(join(sdkDir, 'tabula-stream.js'), 'export {};\n');

const editorDir = mkdtempSync(join(tmpdir(), 'tabula-editor-'));
const editorBundle = `(function(){window.TabulaEditor={};${' '.repeat(2000)}})();\n`;
writeFileSync(join(editorDir, 'editor.js'), editorBundle);
for (const [language, text] of [
  ['zh-CN', '保存'],
  ['en', 'Save'],
]) {
  mkdirSync(join(editorDir, 'locales', language!), { recursive: true });
  writeFileSync(join(editorDir, 'locales', language!, 'editor.json'), JSON.stringify({ save: text }));
}

describe('SDK bundles', () => {
  const t = useTestApp({ sdkDir, editorDir });

  it('serves the unversioned bundle with a short cache, open to any site', async () => {
    const response = await t.app.inject({ url: '/sdk/tabula.js', headers: { origin: 'https://shop.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(bundle);
    expect(response.headers).toMatchObject({
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
    });
  });

  it.each(['3.0.5', '1.0.7'])('serves tabula@%s.js for a year', async (version) => {
    const response = await t.app.inject({ url: `/sdk/tabula@${version}.js`, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(bundle);
    const again = await t.app.inject({
      url: `/sdk/tabula@${version}.js`,
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each(['/sdk/tabula.js', '/sdk/tabula@3.0.5.js', '/sdk/tabula@1.0.7.js'])(
    'serves the parts beside %s, where the bundle resolves them, cached for good',
    async (script) => {
      const url = new URL(PART, `http://tabula.test${script}`).pathname;
      const response = await t.app.inject({
        url,
        headers: { origin: 'https://shop.example.com', 'accept-encoding': 'gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(gunzipSync(response.rawPayload).toString()).toBe(part);
      expect(response.headers).toMatchObject({
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        // Parts are ES modules, which browsers fetch with CORS from another site's page.
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
      });
      const again = await t.app.inject({ url, headers: { 'if-none-match': response.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    },
  );

  it('serves no other file of the SDK folder', async () => {
    for (const file of ['tabula.esm.js', 'tabula-stream.js', 'tabula-stream.0123abce.js']) {
      expect((await t.app.inject({ url: `/sdk/${file}` })).statusCode).toBe(404);
    }
  });

  it('serves the visual editor to any site, with its translations by app id, namespace and language, cached for a day (spec §7, §9)', async () => {
    const response = await t.app.inject({ url: '/sdk/editor.js', headers: { origin: 'https://shop.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(editorBundle);
    expect(response.headers).toMatchObject({
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
    });
    for (const [language, text] of [
      ['zh-CN', '保存'],
      ['en', 'Save'],
    ]) {
      const locale = await t.app.inject({
        url: `/i18n/editor/editor/${language}.json?v=1a2b`,
        headers: { origin: 'https://shop.example.com' },
      });
      expect(locale.statusCode).toBe(200);
      expect(locale.json()).toEqual({ save: text });
      expect(locale.headers).toMatchObject({
        'cache-control': 'public, max-age=86400',
        'content-type': 'application/json; charset=utf-8',
        'access-control-allow-origin': '*',
      });
    }
    for (const url of ['/i18n/editor/editor/ja.json', '/i18n/editor/common/en.json', '/sdk/editor/locales/en.json']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  describe('with ?key=, a client key', () => {
    /** Runs the script as a page would, and returns what it set on its own element. */
    const payloadSetBy = (script: string) => {
      const element: { tabulaPayload?: unknown } = {};
      runInNewContext(script, { document: { currentScript: element }, window: {} });
      return element.tabulaPayload;
    };

    it.each(['/sdk/tabula.js', '/sdk/tabula@1.0.7.js'])(
      '%s comes with the payload in front, cached for minutes',
      async (script) => {
        const project = await sdkProject(t.app);
        await addFlag(t.database.db, project.projectId, { key: 'dark-mode' });
        const payload = (await fetchPayload(t.app, project.clientKey)).json();
        const response = await t.app.inject({
          url: `${script}?key=${project.clientKey}`,
          headers: { 'accept-encoding': 'gzip', origin: 'https://shop.example.com' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers).toMatchObject({
          'content-type': 'application/javascript; charset=utf-8',
          'cache-control': 'public, max-age=300',
          'access-control-allow-origin': '*',
        });
        const body = gunzipSync(response.rawPayload).toString();
        expect(body.endsWith(bundle)).toBe(true);
        expect(payloadSetBy(body)).toEqual(payload);
        const again = await t.app.inject({
          url: `${script}?key=${project.clientKey}`,
          headers: { 'if-none-match': response.headers.etag as string },
        });
        expect(again.statusCode).toBe(304);
      },
    );

    it('follows the payload when it changes', async () => {
      const project = await sdkProject(t.app);
      const url = `/sdk/tabula.js?key=${project.clientKey}`;
      const before = await t.app.inject({ url });
      await addFlag(t.database.db, project.projectId, { key: 'new-checkout' });
      await announceChange(t.database.db, project.projectId);
      await vi.waitFor(async () => {
        const after = await t.app.inject({ url });
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(payloadSetBy(after.body)).toMatchObject({ flags: [expect.objectContaining({ key: 'new-checkout' })] });
      });
    });

    it('is the plain bundle for a key that opens nothing, and refuses a key no key can be', async () => {
      const unknown = await t.app.inject({ url: '/sdk/tabula.js?key=tbc_unknown' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(bundle);
      const long = await t.app.inject({ url: `/sdk/tabula.js?key=${'k'.repeat(201)}` });
      expect(long.statusCode).toBe(400);
    });
  });

  it('knows no other version', async () => {
    expect((await t.app.inject({ url: '/sdk/tabula@9.9.9.js' })).statusCode).toBe(404);
  });
});

describe('the keyed SDK bundle without a database', () => {
  it('comes with the payload memory holds, and says so', async () => {
    const t = await createTestApp({ sdkDir, editorDir });
    try {
      const project = await sdkProject(t.app);
      const url = `/sdk/tabula.js?key=${project.clientKey}`;
      const served = await t.app.inject({ url });
      await t.database.close();
      // Due for revalidation, the payload finds the database away.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      await t.app.inject({ url });
      const held = await t.app.inject({ url });
      expect(held.statusCode).toBe(200);
      expect(held.body).toBe(served.body);
      expect(held.headers['x-tabula-database']).toBe('unavailable');
      expect(served.headers['x-tabula-database']).toBeUndefined();
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});

describe('SDK bundles before the SDK is built', () => {
  const t = useTestApp({ sdkDir: join(sdkDir, 'not-built'), editorDir: join(editorDir, 'not-built') });

  it('answers 503 with what to do', async () => {
    for (const url of ['/sdk/tabula.js', '/sdk/tabula@3.0.5.js']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toMatch(/^The SDK is not built: run `npm run build`/);
    }
    const editor = await t.app.inject({ url: '/sdk/editor.js' });
    expect(editor.statusCode).toBe(503);
    expect(editor.body).toMatch(/^The visual editor is not built: run `npm run build`/);
  });
});
