/// <reference types="node" />
// This one test runs the built bundle: it needs Node's child_process, fs and vm, which the SDK's own code must not.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Context, constants, createContext, runInContext, Script } from 'node:vm';
import type { SdkEvent } from '@tabula/protocol';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rulesFrom } from '../dom/page';
import { makePayload } from './fake-server';
import { seal } from './seal';

const sdk = new URL('../../', import.meta.url);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const root = mkdtempSync(join(tmpdir(), 'tabula-sdk-'));
// The parts are ES modules, as a server's /sdk/ folder serves them.
writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
const out = join(root, 'dist');
let iife = '';

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', out], { cwd: sdk });
  iife = readFileSync(join(out, 'tabula.js'), 'utf8');
}, 30_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the bundle in `page` as the script of the build's folder: its import() loads the parts beside it. */
function loadBundle(page: Context): void {
  page.document = { currentScript: { src: pathToFileURL(join(out, 'tabula.js')).href, dataset: {} } };
  new Script(iife, { importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER }).runInContext(page);
}

describe('dist/tabula.js, the snippet bundle', () => {
  it('is built with its parts, the ESM and OpenFeature bundles beside it', () => {
    expect(readdirSync(out).sort()).toEqual([
      'openfeature.js',
      expect.stringMatching(/^tabula-background\.[0-9a-f]{8}\.js$/),
      expect.stringMatching(/^tabula-changes\.[0-9a-f]{8}\.js$/),
      expect.stringMatching(/^tabula-decrypt\.[0-9a-f]{8}\.js$/),
      expect.stringMatching(/^tabula-online\.[0-9a-f]{8}\.js$/),
      expect.stringMatching(/^tabula-operators\.[0-9a-f]{8}\.js$/),
      expect.stringMatching(/^tabula-stream\.[0-9a-f]{8}\.js$/),
      'tabula.esm.js',
      'tabula.js',
    ]);
    expect(readFileSync(join(out, 'openfeature.js'), 'utf8')).not.toMatch(/createEnvelopeStore|murmur/i);
  });

  it('uses no eval and no Function constructor, and nothing newer than es2020', () => {
    expect(iife).not.toMatch(/\beval\(/);
    expect(iife).not.toMatch(/new Function|Function\(/);
    // es2021 logical assignment and numeric separators: browsers before 2021 would not parse the bundle.
    expect(iife).not.toMatch(/\?\?=|\|\|=|&&=|\d_\d/);
    expect(iife).not.toMatch(/zod/);
  });

  it('defines nothing on the page but window.Tabula, with createClient and bucket', () => {
    // The page's own globals, as a browser offers them; the bundle must add exactly one.
    const page = createContext({ setTimeout, clearTimeout, setInterval, clearInterval, URL, URLSearchParams, crypto });
    const before = new Set(Object.getOwnPropertyNames(runInContext('globalThis', page)));
    runInContext(iife, page);
    const added = Object.getOwnPropertyNames(runInContext('globalThis', page)).filter((name) => !before.has(name));
    expect(added).toEqual(['Tabula']);
    expect(Object.keys(runInContext('Tabula', page)).sort()).toEqual(['bucket', 'client', 'createClient']);
    expect(runInContext('Tabula.client', page)).toBeUndefined();
  });

  it('starts the client the script tag configures through data attributes', () => {
    const never = () => new Promise(() => {});
    const script = {
      dataset: {
        clientKey: 'tbc_k',
        apiHost: 'https://t.example',
        projectId: 'prj_1',
        unitId: 'u-1',
        autoPoll: 'false',
      },
    };
    const page = createContext({ setTimeout, clearTimeout, setInterval, clearInterval, URL, URLSearchParams, crypto });
    page.document = { currentScript: script };
    page.fetch = never;
    runInContext(iife, page);
    expect(runInContext('typeof Tabula.client.isOn', page)).toBe('function');
    expect(runInContext('Tabula.client.version', page)).toBe('1.0.7');
    runInContext('Tabula.client.destroy()', page);
  });

  it('evaluates from the bundle as it does from source', () => {
    const page = createContext({ setTimeout, clearTimeout, setInterval, clearInterval, URL, URLSearchParams, crypto });
    runInContext(iife, page);
    page.payload = makePayload();
    page.never = () => new Promise(() => {});
    const answer = runInContext(
      `const client = Tabula.createClient({ clientKey: 'k', projectId: 'prj_1', unitId: 'u', payload, fetch: never });
       const result = [client.isOn('new-checkout'), Tabula.bucket('checkout-test', 'u')];
       client.destroy();
       result`,
      page,
    );
    expect(answer).toEqual([true, expect.any(Number)]);
  });

  it('reports problems by number, without the sentences', () => {
    const page = createContext({ setTimeout, clearTimeout, setInterval, clearInterval, URL, URLSearchParams, crypto });
    runInContext(iife, page);
    const payload = makePayload();
    payload.flags[0]!.rules = [
      { id: 'vips', conditions: [], segments: ['vip'], serve: { kind: 'variant', variant: 'off' } },
    ];
    page.payload = payload;
    page.never = () => new Promise(() => {});
    const messages = runInContext(
      `const messages = [];
       const client = Tabula.createClient({ clientKey: 'k', projectId: 'prj_1', payload, fetch: never, onError: (error) => messages.push(error.message) });
       client.isOn('new-checkout');
       client.destroy();
       messages`,
      page,
    );
    expect(messages).toEqual(['E4 vip']);
  });

  it('keeps the public options, the stored records and the wire format intact through its minification', async () => {
    const page = createContext({ setTimeout, clearTimeout, setInterval, clearInterval, URL, URLSearchParams, crypto });
    loadBundle(page);
    const bodies: string[] = [];
    page.payload = makePayload();
    page.memory = new Map<string, string>();
    // Only the event batches answer; the payload request waits forever.
    page.send = (url: string, init: { body: string }) => {
      if (!url.includes('/events/')) return new Promise(() => {});
      bodies.push(init.body);
      return Promise.resolve({ status: 202, ok: true, headers: { get: () => null }, json: async () => ({}) });
    };
    const answer = runInContext(
      `const storage = { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => memory.set(k, v), removeItem: (k) => memory.delete(k) };
       const options = { clientKey: 'k', projectId: 'prj_1', unitId: 'u', payload, fetch: send, storage, autoPoll: false };
       const forced = Tabula.createClient({ ...options, forcedVersions: { 'checkout-test': 'treatment' } });
       const client = Tabula.createClient(options);
       const result = [forced.getExperiment('checkout-test'), forced.getFlag('button-color', 'grey'), client.getExperiment('checkout-test')];
       client.track('purchase', 5);
       forced.destroy();
       client.flush().then(() => client.destroy());
       result`,
      page,
    );
    expect(answer[0]).toEqual({ version: 'treatment', params: { color: 'green' } });
    expect(answer[1]).toBe('green');
    await vi.waitFor(() => expect(bodies.length).toBeGreaterThanOrEqual(1));
    const batches = bodies.map(
      (body) => JSON.parse(body) as { events: Record<string, unknown>[]; evaluations?: object; sdk?: { name: string } },
    );
    expect(batches.flatMap((batch) => Object.keys(batch.evaluations ?? {}))).toEqual(['button-color']);
    expect(batches.find((batch) => batch.evaluations)?.sdk?.name).toBe('tabula-js');
    const events = batches.flatMap((batch) => batch.events);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'exposure',
        unitId: 'u',
        experiment: 'checkout-test',
        version: answer[2].version,
      }),
    );
    expect(events).toContainEqual(expect.objectContaining({ type: 'track', event: 'purchase', value: 5, unitId: 'u' }));
    const state = JSON.parse(page.memory.get('tabula:state:k')) as { version: number; data: Record<string, unknown> };
    expect(state).toMatchObject({
      version: 1,
      data: { sticky: { 'checkout-test|u': { phase: 0 } }, exposed: [expect.any(String)] },
    });
  });

  it('decrypts an encrypted payload and compares hashed attributes with the parts it loads for them', async () => {
    const page = createContext({ setTimeout, clearTimeout, setInterval, clearInterval, URL, URLSearchParams, crypto });
    loadBundle(page);
    const payload = makePayload();
    payload.flags[0]!.defaultVariant = 'off';
    payload.flags[0]!.rules = [
      {
        id: 'staff',
        conditions: [{ attribute: 'email', operator: 'in_hashed', values: [sha256('ana@example.com')] }],
        segments: [],
        serve: { kind: 'variant', variant: 'on' },
      },
    ];
    const key = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
    Object.assign(page, { sealed: await seal(payload, key), key, never: () => new Promise(() => {}), errors: [] });
    runInContext(
      `const options = { clientKey: 'k', decryptionKey: key, projectId: 'prj_1', payload: sealed, fetch: never, onError: (error) => errors.push(error.message) };
       globalThis.ana = Tabula.createClient({ ...options, unitId: 'u1', attributes: { email: 'ana@example.com' } });
       globalThis.eve = Tabula.createClient({ ...options, unitId: 'u2', attributes: { email: 'eve@example.com' } });`,
      page,
    );
    await runInContext('Promise.all([ana.ready(), eve.ready()])', page);
    expect(runInContext('[ana.isOn("new-checkout"), eve.isOn("new-checkout")]', page)).toEqual([true, false]);
    expect(page.errors).toEqual([]);
    runInContext('ana.destroy(); eve.destroy()', page);
  });

  it('applies visual experiments and queues their page views and clicks, names intact through its minification', async () => {
    const page = new Window({ url: 'https://shop.example/?from=mail' });
    try {
      page.document.body.innerHTML = '<h1 id="title">Spring sale</h1><button id="buy">Buy</button>';
      const payload = makePayload();
      payload.experiments.push({
        ...payload.experiments[0]!,
        key: 'hero',
        kind: 'visual',
        page: { url: 'https://shop.example/', match: 'fuzzy' },
        versions: [
          {
            key: 'benefit',
            name: 'Benefit',
            weight: 10_000,
            isControl: false,
            params: {},
            elementRules: rulesFrom({ selector: '#title', type: '', key: 'textContent', value: 'Half price' }),
          },
        ],
      });
      payload.clickSelectors = ['#buy'];
      Object.assign(page, { payload, send: () => new Promise(() => {}) });
      page.eval(iife);
      page.eval(
        `window.client = Tabula.createClient({ clientKey: 'k', projectId: 'prj_1', unitId: 'u', payload, fetch: send, enableUI: true, autoPoll: false })`,
      );
      const title = page.document.getElementById('title')!;
      expect(title.textContent).toBe('Half price');
      (page.document.getElementById('buy') as unknown as HTMLElement).click();
      page.history.pushState(null, '', '/cart');
      expect(title.textContent).toBe('Spring sale');
      // A page run by eval has no script address to load the event queue from: the events wait in its stored record.
      await page.eval('client.flush()');
      const events = (JSON.parse(page.localStorage.getItem('tabula:events:k') ?? '{}') as { data: SdkEvent[] }).data;
      expect(
        events.filter((event) => event.type === 'track').map(({ event, properties }) => ({ event, properties })),
      ).toEqual([
        { event: '$pageview', properties: { url: 'https://shop.example/?from=mail' } },
        { event: '$click', properties: { selector: '#buy', url: 'https://shop.example/?from=mail' } },
        { event: '$pageview', properties: { url: 'https://shop.example/cart' } },
      ]);
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'exposure', experiment: 'hero', version: 'benefit' }),
      );
      page.history.pushState(null, '', '/');
      expect(title.textContent).toBe('Half price');
      page.eval('client.destroy()');
      expect(title.textContent).toBe('Spring sale');
    } finally {
      await page.happyDOM.close();
    }
  });
});
