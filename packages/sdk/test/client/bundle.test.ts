/// <reference types="node" />
// This one test runs the built bundle: it needs Node's child_process, fs and vm, which the SDK's own code must not.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePayload } from './fake-server';

const sdk = new URL('../../', import.meta.url);
const out = mkdtempSync(join(tmpdir(), 'tabula-sdk-'));
let iife = '';

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', out], { cwd: sdk });
  iife = readFileSync(join(out, 'tabula.js'), 'utf8');
}, 30_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('dist/tabula.js, the snippet bundle', () => {
  it('is built with the ESM and OpenFeature bundles beside it', () => {
    expect(readdirSync(out).sort()).toEqual(['openfeature.js', 'tabula.esm.js', 'tabula.js']);
    expect(readFileSync(join(out, 'openfeature.js'), 'utf8')).not.toMatch(/createEnvelopeStore|murmur/i);
  });

  it('uses no eval and no Function constructor, and stays plain es2018', () => {
    expect(iife).not.toMatch(/\beval\(/);
    expect(iife).not.toMatch(/new Function|Function\(/);
    expect(iife).not.toMatch(/\?\?|\?\.[A-Za-z_$[(]/);
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
});
