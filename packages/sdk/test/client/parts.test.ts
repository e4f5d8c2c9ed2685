/// <reference types="node" />
// The snippet bundle's parts, loaded on demand: these tests run the built bundle in a page of its own (node:vm) whose
// import() goes through Node's module loader, so a part is a real file beside the bundle, as on a server. A part
// that a test leaves out of the folder fails to load, and the SDK reports that: a test that hears nothing has made
// no request for it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Context, constants, createContext, Script } from 'node:vm';
import type { SdkPayload } from '@tabula/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { POLL_INTERVAL_MS } from '../../src';
import { HOST, makePayload } from './fake-server';

const sdk = new URL('../../', import.meta.url);
const root = mkdtempSync(join(tmpdir(), 'tabula-parts-'));
const built = join(root, 'built');

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build.mjs', built], { cwd: sdk });
}, 30_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
/**
 * A folder serving the bundle, the background part every page loads (event queue and payload updates), and the parts
 * named (by their name before the hash), as ES modules. The background part is left out when `parts` names
 * '-background'.
 */
function serve(...parts: string[]): string {
  folders += 1;
  const folder = join(root, `site-${folders}`);
  mkdirSync(folder);
  const wanted = parts.includes('-background') ? parts : [...parts, 'background'];
  for (const file of readdirSync(built)) {
    const part = /^tabula-([a-z]+)\./.exec(file)?.[1];
    if (file === 'tabula.js' || (part && wanted.includes(part))) copyFileSync(join(built, file), join(folder, file));
  }
  writeFileSync(join(folder, 'package.json'), '{ "type": "module" }');
  return folder;
}

interface Page {
  context: Context;
  errors: string[];
  requests: string[];
  run<T>(code: string): T;
}

/** A page that loaded the snippet from `folder`; its fetch records each request and never answers. */
function open(folder: string): Page {
  const errors: string[] = [];
  const requests: string[] = [];
  const listen = { addEventListener() {}, removeEventListener() {} };
  const context = createContext({ setTimeout, clearTimeout, setInterval, clearInterval, URL, URLSearchParams, crypto });
  Object.assign(context, listen);
  context.document = { ...listen, currentScript: { src: pathToFileURL(join(folder, 'tabula.js')).href, dataset: {} } };
  context.onError = (error: Error) => errors.push(error.message);
  context.send = (url: string) => {
    requests.push(url);
    return new Promise(() => {});
  };
  new Script(readFileSync(join(folder, 'tabula.js'), 'utf8'), {
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }).runInContext(context);
  return {
    context,
    errors,
    requests,
    run: <T>(code: string) => new Script(code).runInContext(context) as T,
  };
}

/** A flag that is on for visitors of app version above 2.0.0 who signed up before 2026 with a company address. */
function payloadWithOptionalOperators(): SdkPayload {
  const payload = makePayload();
  payload.flags.push({
    key: 'modern-app',
    type: 'boolean',
    variants: [
      { key: 'on', value: true },
      { key: 'off', value: false },
    ],
    defaultVariant: 'off',
    offVariant: 'off',
    enabled: true,
    rules: [
      {
        id: 'modern',
        conditions: [
          { attribute: 'appVersion', operator: 'semver_gt', values: ['2.0.0'] },
          { attribute: 'signedUp', operator: 'before', values: ['2026-01-01'] },
          { attribute: 'email', operator: 'matches', values: ['@example\\.com$'] },
        ],
        segments: [],
        serve: { kind: 'variant', variant: 'on' },
      },
    ],
  });
  return payload;
}

/**
 * The holdout check and flag prerequisites come with the optional operators' part: `held` is on for everyone but the
 * project's holdout covers it and holds every unit out (its default, off); `gated` requires `new-checkout` on.
 */
function payloadWithHoldoutAndPrerequisite(): SdkPayload {
  const payload = makePayload();
  const newCheckout = payload.flags[0] as SdkPayload['flags'][number];
  const on = { id: 'all', conditions: [], segments: [], serve: { kind: 'variant' as const, variant: 'on' } };
  payload.flags.push(
    {
      ...newCheckout,
      key: 'held',
      defaultVariant: 'off',
      rules: [on],
      holdout: { key: 'global-holdout', salt: 'Zq8rT3nW5xKp', percent: 10_000 },
    },
    {
      ...newCheckout,
      key: 'gated',
      defaultVariant: 'on',
      prerequisites: [{ flag: 'new-checkout', variants: ['on'] }],
    },
  );
  return payload;
}

/** Storage the test can read, and hand from one page to the next (without it, each store of a page keeps its own). */
const storageOf = (stored: Map<string, string>) => ({
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});

const VISITOR = { appVersion: '2.1.0', signedUp: '2025-06-01', email: 'ada@example.com' };

/** Starts `Tabula.createClient` in the page with the given options (as a script expression) and the page's fetch. */
const start = (page: Page, options: string): void =>
  page.run(
    `client = Tabula.createClient({ clientKey: 'k', projectId: 'prj_1', unitId: 'u', apiHost: '${HOST}', fetch: send, onError, ${options} })`,
  );

const clientsOf: Page[] = [];
afterEach(() => {
  for (const page of clientsOf.splice(0)) page.run('client.destroy()');
  vi.useRealTimers();
});

function page(folder: string): Page {
  const opened = open(folder);
  clientsOf.push(opened);
  return opened;
}

describe('parts loaded on demand', () => {
  it('loads only the background part for a page that neither streams nor retrieves online and whose payload needs none', async () => {
    const visitor = page(serve());
    visitor.context.payload = makePayload();
    start(visitor, 'payload, autoPoll: false');
    expect(await visitor.run<Promise<boolean>>('client.ready()')).toBe(true);
    expect(visitor.run('client.isOn("new-checkout")')).toBe(true);
    visitor.run('client.getExperiment("checkout-test"); client.track("viewed")');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(visitor.errors).toEqual([]);
    expect(visitor.requests.filter((url) => !url.includes('/payload/'))).toEqual([]);
  });

  it('keeps the events in storage when the background part cannot be loaded, for a later page to send', async () => {
    const stored = new Map<string, string>();
    const storage = storageOf(stored);
    const offline = page(serve('-background'));
    offline.context.payload = makePayload();
    offline.context.storage = storage;
    start(offline, 'payload, autoPoll: false, storage');
    offline.run('client.track("viewed"); client.track("bought", 42)');
    await offline.run<Promise<void>>('client.flush()');
    expect(offline.errors).toEqual([expect.stringContaining('tabula-background.')]);
    const queued = () =>
      JSON.parse(stored.get('tabula:events:k') ?? '{}').data?.map((event: { event: string }) => event.event);
    expect(queued()).toEqual(['viewed', 'bought']);

    const later = page(serve());
    later.context.storage = storage;
    start(later, 'autoPoll: false, storage');
    later.run('client.flush()');
    await vi.waitFor(() => expect(later.requests).toContain(`${HOST}/sdk/v1/events/k`));
    expect(later.errors).toEqual([]);
  });

  it('sends the first payload request without waiting for the background part, and loads a missing one on a flush', async () => {
    const folder = serve('-background', 'stream');
    const visitor = page(folder);
    visitor.context.storage = storageOf(new Map());
    start(visitor, 'streaming: true, storage');
    visitor.run('client.track("viewed")');
    await visitor.run<Promise<void>>('client.flush()');
    expect(visitor.errors).toEqual([expect.stringContaining('tabula-background.')]);
    // The part would read the answer; the request went out without it.
    expect(visitor.requests).toEqual([`${HOST}/sdk/v1/payload/k`]);

    // The server is back: the next flush loads the part, which sends the event and opens the stream.
    for (const file of readdirSync(built)) {
      if (file.startsWith('tabula-background.')) copyFileSync(join(built, file), join(folder, file));
    }
    visitor.run('client.flush()');
    await vi.waitFor(() =>
      expect(visitor.requests).toEqual(expect.arrayContaining([`${HOST}/sdk/v1/events/k`, `${HOST}/sdk/v1/stream/k`])),
    );
    expect(visitor.errors).toHaveLength(1);
  });

  it('serves a payload with pattern, version and date conditions once their part is in, and evaluates them', async () => {
    const visitor = page(serve('operators'));
    visitor.context.payload = payloadWithOptionalOperators();
    visitor.context.visitor = VISITOR;
    start(visitor, 'payload, autoPoll: false, attributes: visitor');
    // Until the part is in, the payload is not served: the defaults answer, never a condition evaluated without it.
    expect(visitor.run('client.getFlagDetails("modern-app", false)')).toMatchObject({
      value: false,
      errorCode: 'PROVIDER_NOT_READY',
    });
    expect(await visitor.run<Promise<boolean>>('client.ready()')).toBe(true);
    expect(visitor.run('client.getFlagDetails("modern-app", false)')).toMatchObject({
      value: true,
      reason: 'TARGETING_MATCH',
    });
    expect(visitor.run('client.isOn("modern-app", { ...visitor, appVersion: "1.9.0" })')).toBe(false);
    expect(visitor.run('client.isOn("modern-app", { ...visitor, signedUp: "2026-02-01" })')).toBe(false);
    expect(visitor.run('client.isOn("modern-app", { ...visitor, email: "ada@example.org" })')).toBe(false);
    expect(visitor.errors).toEqual([]);
  });

  it('reports a part that fails to load and serves the payload, the conditions that needed it false', async () => {
    const visitor = page(serve());
    visitor.context.payload = payloadWithOptionalOperators();
    visitor.context.visitor = VISITOR;
    start(visitor, 'payload, autoPoll: false, attributes: visitor');
    expect(await visitor.run<Promise<boolean>>('client.ready()')).toBe(true);
    expect(visitor.run('client.isOn("modern-app")')).toBe(false);
    expect(visitor.run('client.isOn("new-checkout")')).toBe(true);
    expect(visitor.errors).toEqual([expect.stringContaining('tabula-operators.'), 'E14 semver_gt']);
  });

  it('serves a payload with a holdout and a prerequisite once their part is in, and evaluates them', async () => {
    const visitor = page(serve('operators'));
    visitor.context.payload = payloadWithHoldoutAndPrerequisite();
    start(visitor, 'payload, autoPoll: false');
    expect(visitor.run('client.getFlagDetails("held", true)')).toMatchObject({ errorCode: 'PROVIDER_NOT_READY' });
    expect(await visitor.run<Promise<boolean>>('client.ready()')).toBe(true);
    expect(visitor.run('client.getFlagDetails("held", true)')).toMatchObject({ value: false, reason: 'DEFAULT' });
    expect(visitor.run('client.getFlagDetails("gated", false)')).toMatchObject({ value: true, reason: 'STATIC' });
    expect(visitor.errors).toEqual([]);
  });

  it('holds every unit out and fails prerequisites when their part fails to load', async () => {
    const visitor = page(serve());
    visitor.context.payload = payloadWithHoldoutAndPrerequisite();
    start(visitor, 'payload, autoPoll: false');
    expect(await visitor.run<Promise<boolean>>('client.ready()')).toBe(true);
    expect(visitor.run('client.getFlagDetails("held", true)')).toMatchObject({ value: false, reason: 'DEFAULT' });
    expect(visitor.run('client.getFlagDetails("gated", true)')).toMatchObject({
      value: false,
      reason: 'PREREQUISITE_FAILED',
    });
    expect(visitor.errors).toEqual([expect.stringContaining('tabula-operators.')]);
  });

  it('opens the stream through its part when streaming is on', async () => {
    const visitor = page(serve('stream'));
    start(visitor, 'streaming: true, autoPoll: false');
    await vi.waitFor(() => expect(visitor.requests.some((url) => url === `${HOST}/sdk/v1/stream/k`)).toBe(true));
    expect(visitor.errors).toEqual([]);
  });

  it('polls instead when the streaming part fails to load', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const visitor = page(serve());
    start(visitor, 'streaming: true, autoPoll: false');
    await vi.waitFor(() => expect(visitor.errors).toEqual([expect.stringContaining('tabula-stream.')]));
    const polls = () => visitor.requests.filter((url) => url === `${HOST}/sdk/v1/payload/k`).length;
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls()).toBe(2);
  });

  it('retrieves online through its part, and evaluates locally when the part fails to load', async () => {
    const online = page(serve('online'));
    online.context.payload = makePayload();
    start(online, 'payload, autoPoll: false');
    online.run('client.fetchExperiment("checkout-test")');
    await vi.waitFor(() => expect(online.requests).toContain(`${HOST}/sdk/v1/evaluate/k`));

    const offline = page(serve());
    offline.context.payload = makePayload();
    start(offline, 'payload, autoPoll: false');
    const local = await offline.run<Promise<{ version: string } | null>>('client.fetchExperiment("checkout-test")');
    expect(local?.version).toMatch(/^(control|treatment)$/);
    expect(offline.errors).toEqual([expect.stringContaining('tabula-online.')]);
  });
});

describe('dist/tabula.esm.js in Node', () => {
  it('evaluates every operator at once, with no DOM and no part to load', () => {
    const script = `
      const { createClient } = await import(${JSON.stringify(pathToFileURL(join(built, 'tabula.esm.js')).href)});
      const payload = ${JSON.stringify(payloadWithOptionalOperators())};
      const errors = [];
      const client = createClient({ clientKey: 'k', projectId: 'prj_1', unitId: 'u', payload, autoPoll: false,
        fetch: () => new Promise(() => {}), onError: (error) => errors.push(error.message),
        attributes: ${JSON.stringify(VISITOR)} });
      const answer = [typeof document, client.isOn('modern-app'), client.isOn('modern-app', { appVersion: '1.0.0' }), errors];
      client.destroy();
      console.log(JSON.stringify(answer));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual(['undefined', true, false, []]);
  });
});
