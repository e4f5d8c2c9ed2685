// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import type { ElementRule, SdkPayload } from '@tabula/protocol';
import { CLICK_EVENT, CLICK_SELECTOR_PROPERTY, PAGEVIEW_EVENT, PAGEVIEW_URL_PROPERTY } from '@tabula/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANTI_FLICKER_TIMEOUT_MS,
  type ClientOptions,
  createClient,
  createMemoryStorage,
  POLL_INTERVAL_MS,
  type StorageLike,
  type TabulaClient,
} from '../../src';
import { CLICK_EVENT as SDK_CLICK_EVENT, PAGEVIEW_EVENT as SDK_PAGEVIEW_EVENT } from '../../src/client/constants';
import { rulesFrom } from '../dom/page';
import { CLIENT_KEY, createFakeServer, type FakeServer, HOST, makePayload } from './fake-server';

const HOME = 'https://shop.example/';
const CART = 'https://shop.example/cart';
const PAGE = '<h1 id="title">Spring sale</h1><a id="buy" href="#"><span id="label">Buy</span></a><p id="note">Note</p>';

const headline = (text: string): ElementRule[] =>
  rulesFrom(
    { selector: '#title', type: '', key: 'textContent', value: text },
    { selector: '#title', type: 'style', key: 'color', value: 'red' },
  );

/**
 * The fake server's payload with a visual experiment on the home page (fuzzy: any query or fragment) that puts every
 * unit in the `benefit` version, and a click metric on the Buy button.
 */
function visualPayload(revision = 'v1', rules = headline('Half price today')): SdkPayload {
  const payload = makePayload(revision);
  payload.experiments.push({
    key: 'hero',
    kind: 'visual',
    unitAttribute: 'id',
    traffic: 10_000,
    phase: 0,
    conditions: [],
    segments: [],
    layer: null,
    page: { url: HOME, match: 'fuzzy' },
    versions: [
      { key: 'control', name: 'Original', weight: 0, isControl: true, params: {}, elementRules: [] },
      { key: 'benefit', name: 'Benefit', weight: 10_000, isControl: false, params: {}, elementRules: rules },
    ],
  });
  payload.clickSelectors = ['#buy', '#missing'];
  return payload;
}

let server: FakeServer;
let storage: StorageLike;
let errors: Error[];
const clients: TabulaClient[] = [];

function start(options: Partial<ClientOptions> = {}): TabulaClient {
  const client = createClient({
    clientKey: CLIENT_KEY,
    apiHost: HOST,
    projectId: 'prj_1',
    unitId: 'unit-1',
    fetch: server.fetch,
    storage,
    enableUI: true,
    autoPoll: false,
    onError: (error) => errors.push(error),
    ...options,
  } as ClientOptions);
  clients.push(client);
  return client;
}

/** A returning visitor: the payload is in storage from an earlier page. */
async function cachePayload(): Promise<void> {
  const earlier = start({ enableUI: false });
  await earlier.ready();
  earlier.destroy();
}

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
const title = () => document.getElementById('title')!;
const hidden = () => document.documentElement.style.getPropertyValue('opacity') === '0';

async function sentEvents(client: TabulaClient) {
  await client.flush();
  return {
    exposures: server.storedOfType('exposure').filter((event) => event.experiment === 'hero'),
    goals: server.storedOfType('track').map(({ event, properties }) => ({ event, properties })),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  setUrl(HOME);
  document.documentElement.removeAttribute('style');
  document.body.innerHTML = PAGE;
  server = createFakeServer(visualPayload());
  storage = createMemoryStorage();
  errors = [];
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  vi.useRealTimers();
});

describe('visual experiments', () => {
  it('send the events the protocol reserves, with the properties it names', () => {
    expect([SDK_PAGEVIEW_EVENT, SDK_CLICK_EVENT]).toEqual([PAGEVIEW_EVENT, CLICK_EVENT]);
    // As the events below carry them.
    expect([PAGEVIEW_URL_PROPERTY, CLICK_SELECTOR_PROPERTY]).toEqual(['url', 'selector']);
  });

  it('apply the version’s changes on a matching page, and log the exposure once', async () => {
    const client = start();
    await client.ready();
    expect(title().textContent).toBe('Half price today');
    expect(title().style.getPropertyPriority('color')).toBe('important');
    // Navigating away and back applies the changes again; the unit was exposed once.
    history.pushState(null, '', '/cart');
    history.pushState(null, '', '/?ref=mail');
    expect(title().textContent).toBe('Half price today');
    const { exposures } = await sentEvents(client);
    expect(exposures).toEqual([expect.objectContaining({ unitId: 'unit-1', version: 'benefit' })]);
    expect(errors).toEqual([]);
  });

  it('leave A/B experiments to the page’s own code, even one that names a page', async () => {
    const payload = visualPayload();
    payload.experiments[0]!.page = { url: HOME, match: 'fuzzy' };
    server.publish(payload);
    const client = start();
    await client.ready();
    await client.flush();
    expect(server.storedOfType('exposure').map((event) => event.experiment)).toEqual(['hero']);
  });

  it('leave a page that does not match alone, and expose nobody there', async () => {
    setUrl(CART);
    const client = start();
    await client.ready();
    expect(title().textContent).toBe('Spring sale');
    expect((await sentEvents(client)).exposures).toEqual([]);
  });

  it('are applied in the snippet’s own run from a cached payload, with no need to hide the page', async () => {
    await cachePayload();
    server.setMode('down');
    start();
    expect(title().textContent).toBe('Half price today');
    expect(hidden()).toBe(false);
  });

  it('never hide the page of a returning visitor whose page is in no visual experiment', async () => {
    setUrl(CART);
    await cachePayload();
    const touched: string[] = [];
    new MutationObserver(() => touched.push('style')).observe(document.documentElement, { attributes: true });
    start();
    await tick(ANTI_FLICKER_TIMEOUT_MS);
    // Not hidden for an instant: the root element's style was never touched.
    expect(touched).toEqual([]);
  });

  it('hide a first visit’s page until the payload is applied, and show it right then', async () => {
    let answer: (() => void) | undefined;
    const slow: typeof fetch = (input, init) =>
      new Promise((resolve) => {
        answer = () => resolve(server.fetch(input, init));
      });
    start({ fetch: slow });
    expect(hidden()).toBe(true);
    await tick(100);
    expect(hidden()).toBe(true);
    answer!();
    await tick();
    expect(title().textContent).toBe('Half price today');
    expect(hidden()).toBe(false);
    expect(document.documentElement.hasAttribute('style')).toBe(false);
  });

  it('show a first visit’s page after the anti-flicker timeout when the payload never comes', async () => {
    const never: typeof fetch = () => new Promise(() => {});
    start({ fetch: never });
    await tick(ANTI_FLICKER_TIMEOUT_MS - 1);
    expect(hidden()).toBe(true);
    await tick(1);
    expect(hidden()).toBe(false);

    start({ fetch: never, antiFlickerTimeout: 300 });
    await tick(300);
    expect(hidden()).toBe(false);
  });

  it('revert when a single-page app navigates to a page that does not match, and apply again on return', async () => {
    const client = start();
    await client.ready();
    history.pushState(null, '', '/cart');
    expect(title().textContent).toBe('Spring sale');
    expect(title().hasAttribute('style')).toBe(false);
    // The back button: the browser changes the address, then tells.
    setUrl(HOME);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(title().textContent).toBe('Half price today');
  });

  it('re-apply the changes a payload update brings, and leave the page alone when it brings none', async () => {
    const client = start({ autoPoll: true });
    await client.ready();
    server.publish(visualPayload('v2', headline('Two for one')));
    await tick(POLL_INTERVAL_MS);
    expect(title().textContent).toBe('Two for one');
    // A new revision with the same changes: nothing is reverted and applied again.
    const seen: string[] = [];
    new MutationObserver(() => seen.push('changed')).observe(title(), { childList: true, characterData: true });
    server.publish(visualPayload('v3', headline('Two for one')));
    await tick(POLL_INTERVAL_MS);
    expect(seen).toEqual([]);
  });

  it('show a forced version, from the options or the URL, without logging an exposure', async () => {
    const fromOptions = start({ forcedVersions: { hero: 'control' } });
    await fromOptions.ready();
    expect(title().textContent).toBe('Spring sale');
    fromOptions.destroy();

    setUrl(`${HOME}?tabula_force=hero:control`);
    const fromUrl = start();
    await fromUrl.ready();
    expect(title().textContent).toBe('Spring sale');
    expect((await sentEvents(fromUrl)).exposures).toEqual([]);
  });

  it('track a page view on load and on each navigation, and clicks on the payload’s click selectors', async () => {
    const client = start();
    await client.ready();
    history.pushState(null, '', '/cart');
    document.getElementById('label')!.click();
    document.getElementById('note')!.click();
    const { goals } = await sentEvents(client);
    expect(goals).toEqual([
      { event: '$pageview', properties: { url: HOME } },
      { event: '$pageview', properties: { url: CART } },
      { event: '$click', properties: { selector: '#buy', url: CART } },
    ]);
  });

  it('counts a click the page stops from propagating', async () => {
    const client = start();
    await client.ready();
    document.getElementById('buy')!.addEventListener('click', (event) => event.stopPropagation());
    document.getElementById('label')!.click();
    const { goals } = await sentEvents(client);
    expect(goals.filter((goal) => goal.event === '$click')).toHaveLength(1);
  });

  it('stay off without enableUI', async () => {
    const client = start({ enableUI: false });
    await client.ready();
    document.getElementById('buy')!.click();
    expect(title().textContent).toBe('Spring sale');
    expect((await sentEvents(client)).goals).toEqual([]);
  });

  it('give way to the visual editor on a page opened with an editor token', async () => {
    setUrl(`${HOME}?tabula_editor=tbe_token`);
    const client = start();
    await client.ready();
    const scripts = [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));
    expect(scripts).toEqual([`${HOST}/sdk/editor.js`]);
    // The page starts as it is, never hidden, and the editing person is no visitor.
    expect(title().textContent).toBe('Spring sale');
    expect(hidden()).toBe(false);
    document.getElementById('buy')!.click();
    expect((await sentEvents(client)).goals).toEqual([]);
    document.head.replaceChildren();
  });

  it('are reverted and unhooked by destroy()', async () => {
    const client = start();
    await client.ready();
    client.destroy();
    expect(title().textContent).toBe('Spring sale');
    expect(title().hasAttribute('style')).toBe(false);
    history.pushState(null, '', '/?again');
    document.getElementById('buy')!.click();
    expect(title().textContent).toBe('Spring sale');
    expect(server.storedOfType('track').filter((event) => event.event === '$click')).toEqual([]);
  });

  it('report what they cannot apply, and never throw into the page', async () => {
    const payload = visualPayload();
    payload.experiments[1]!.versions[1]!.elementRules = [
      { selector: '#title[', attributes: [], operations: [{ type: 'text', value: 'x' }] },
      ...headline('Still applied'),
    ];
    payload.clickSelectors = ['#buy['];
    server.publish(payload);
    const client = start();
    await client.ready();
    expect(title().textContent).toBe('Still applied');
    expect(() => document.getElementById('buy')!.click()).not.toThrow();
    expect(errors.length).toBeGreaterThanOrEqual(2);

    const garbage = visualPayload('v9');
    (garbage.experiments[1]!.versions[1] as { elementRules: unknown }).elementRules = 'not rules';
    storage = createMemoryStorage();
    server.publish(garbage);
    expect(() => start()).not.toThrow();
  });
});
