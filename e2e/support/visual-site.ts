import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  type ChangeRecord,
  insertedSelector,
  type PayloadExperiment,
  type PayloadVersion,
  pageChangesOf,
  type SdkPayload,
  toElementRules,
} from '@tabula/protocol';
import type { Page } from 'playwright-core';
import { bundleWithPayload } from '../../packages/server/src/features/sdk-bundles/keyed-bundle';

const sdkDir = new URL('../../packages/sdk/', import.meta.url).pathname;

export const ORIGINAL_HEADLINE = 'Spring sale';
export const CHANGED_HEADLINE = 'Half price, today only';
/** What the experiment's version changes: the headline's text and colour, as the visual editor saves it. */
const CHANGES: ChangeRecord[] = [
  { selector: '#headline', type: '', key: 'textContent', value: CHANGED_HEADLINE },
  { selector: '#headline', type: 'style', key: 'color', value: 'rgb(200, 0, 0)' },
];
/**
 * No inline script or style may run: the snippet, the page's own code and its styles are files of the site. The
 * payload and the events go to the site too (connect-src 'self').
 */
const POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'";
const CLIENT_KEY = 'tbc_visual';
const SCRIPT_PATH = '/sdk/v1/scripts/prj_visual/kinds.js';
/** The version's custom script: it marks the page, so a test sees that it ran. */
const SCRIPT = "document.documentElement.setAttribute('data-script-ran', 'yes');";

/**
 * The elements of a page that a version changes, one for each kind of change. A page without an image of its own gets
 * one inserted inside `image.insertInto`, which the image's changes then select, as the visual editor would have it.
 */
export interface KindTargets {
  hide: string;
  remove: string;
  image: string | { insertInto: string };
  /** The image's new address: one the page's policy allows (img-src), so it loads without a violation. */
  imageAddress: string;
  link: string;
  /** The element a button is inserted after. */
  insertAfter: string;
  /** What the version's style sheet colours green. */
  styled: string;
}

/** The ids of the elements a version inserts: a button, and an image on a page that has none. */
const INSERTED_BUTTON = 'added';
const INSERTED_IMAGE = 'picture';
const imageOf = ({ image }: KindTargets) => (typeof image === 'string' ? image : insertedSelector(INSERTED_IMAGE));

/** Every kind of change beyond text and styles, on the targets, as the visual editor saves them. */
export function kindChanges(targets: KindTargets): ChangeRecord[] {
  const image = imageOf(targets);
  const { imageAddress } = targets;
  const insertedImage: ChangeRecord[] =
    typeof targets.image === 'string'
      ? []
      : [
          {
            selector: targets.image.insertInto,
            type: 'insert',
            key: 'image',
            value: INSERTED_IMAGE,
            insertOrder: 'inside',
          },
        ];
  return [
    { selector: targets.hide, type: 'style', key: 'display', value: 'none' },
    { selector: targets.remove, type: 'remove', key: '', value: '' },
    ...insertedImage,
    { selector: image, type: 'attribute', key: 'src', value: imageAddress },
    { selector: image, type: 'attribute', key: 'srcset', value: `${imageAddress} 1x, ${imageAddress} 2x` },
    { selector: image, type: 'attribute', key: 'alt', value: 'Version B' },
    { selector: targets.link, type: 'attribute', key: 'href', value: '/offer' },
    { selector: targets.link, type: 'attribute', key: 'target', value: '_blank' },
    { selector: targets.insertAfter, type: 'insert', key: 'button', value: INSERTED_BUTTON, insertOrder: 'after' },
    { selector: insertedSelector(INSERTED_BUTTON), type: '', key: 'textContent', value: 'Added by the test' },
    { selector: 'html', type: 'css', key: '', value: `${targets.styled} { color: rgb(0, 128, 0); }` },
    { selector: 'html', type: 'script', key: '', value: SCRIPT },
  ];
}

/** What a visitor sees of each kind of change's target; null for an element that is not on the page. */
export interface KindsLook {
  hidden: string | null;
  removed: boolean;
  image: [string | null, string | null, string] | null;
  link: [string | null, string] | null;
  /** The text of the button inserted after its element. */
  inserted: string | null;
  styled: string | null;
  script: string | null;
}

export const kindsLookOf = (page: Page, targets: KindTargets): Promise<KindsLook> =>
  page.evaluate(
    ({ targets, image: imageSelector, button }) => {
      const computed = (selector: string, property: 'display' | 'color') => {
        const element = document.querySelector(selector);
        return element && getComputedStyle(element)[property];
      };
      const image = document.querySelector<HTMLImageElement>(imageSelector);
      const link = document.querySelector<HTMLAnchorElement>(targets.link);
      const added = document.querySelector(targets.insertAfter)?.nextElementSibling;
      return {
        hidden: computed(targets.hide, 'display'),
        removed: document.querySelector(targets.remove) === null,
        image: image && [image.getAttribute('src'), image.getAttribute('srcset'), image.alt],
        link: link && [link.getAttribute('href'), link.target],
        inserted: added?.matches(`button${button}`) ? added.textContent : null,
        styled: computed(targets.styled, 'color'),
        script: document.documentElement.getAttribute('data-script-ran'),
      } satisfies KindsLook;
    },
    { targets, image: imageOf(targets), button: insertedSelector(INSERTED_BUTTON) },
  );

/** What a visitor of the version sees: each of kindChanges' changes. */
export const versionLookOf = ({ imageAddress }: KindTargets): KindsLook => ({
  hidden: 'none',
  removed: true,
  image: [imageAddress, `${imageAddress} 1x, ${imageAddress} 2x`, 'Version B'],
  link: ['/offer', '_blank'],
  inserted: 'Added by the test',
  styled: 'rgb(0, 128, 0)',
  script: 'yes',
});

/**
 * Waits until the SDK has put the visitor in the control of the experiment and the page is shown: a version's changes
 * would have been applied by then, hidden until they were, so a control that still looks as it did is left alone.
 */
export const settledInControl = (page: Page, experiment: string) =>
  page.waitForFunction((experiment) => {
    const { Tabula } = window as unknown as {
      Tabula?: { client?: { getExperiment(key: string): { version: string } | null } };
    };
    const shown = getComputedStyle(document.documentElement).opacity !== '0';
    return shown && Tabula?.client?.getExperiment(experiment)?.version === 'control';
  }, experiment);

/**
 * Records every Content-Security-Policy violation of the page. Added through the browser's debugger
 * (addInitScript), which the page's policy does not govern, so it runs before any of the page's own scripts.
 */
export const VIOLATIONS_PROBE = `
  window.violations = [];
  addEventListener('securitypolicyviolation', (event) => window.violations.push(event.violatedDirective));
`;
export const violationsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations: string[] }).violations);

/** The kinds page's own elements of each kind (see KINDS_PAGE). */
export const KINDS_TARGETS: KindTargets = {
  hide: '#banner',
  remove: '#promo',
  image: '#hero-img',
  imageAddress: '/img/b.svg',
  link: '#more',
  insertAfter: '#title',
  styled: '.note',
};

/**
 * A running visual experiment on its own page, with a control and one version of `weight` basis points: everyone gets
 * the version, or everyone the control.
 */
function visualExperiment(
  key: string,
  url: string,
  weight: number,
  version: Partial<PayloadVersion>,
): PayloadExperiment {
  return {
    key,
    kind: 'visual',
    unitAttribute: 'id',
    traffic: 10_000,
    phase: 0,
    conditions: [],
    segments: [],
    layer: null,
    page: { url, match: 'fuzzy' },
    versions: [
      { key: 'control', name: 'Original', weight: 10_000 - weight, isControl: true, params: {}, elementRules: [] },
      { key: 'b', name: 'B', weight, isControl: false, params: {}, elementRules: [], ...version },
    ],
  };
}

export interface VisualSite {
  url: string;
  /**
   * The page with the snippet in its head; `rerender` adds a script that renders the headline again every 50 ms;
   * `keyed` loads the SDK as the snippet generator writes it, naming the client key, so the payload comes with it.
   */
  pageUrl(options?: { rerender?: boolean; keyed?: boolean }): string;
  /** The documentation page that is not ours (see DOCS_FILE), for the version or the control. */
  docsUrl(visitor: 'version' | 'control'): string;
  /** A kinds page under a nonce policy (see NONCE_PAGES). */
  nonceUrl(page: NoncePage): string;
  /** How many payload requests the site has answered. */
  payloadRequests(): number;
  /** The events the SDK sent, as the site received them. */
  events(): { type: string; experiment?: string; version?: string }[];
  close(): Promise<void>;
}

/** A running visual experiment on the site's page (fuzzy: any query), putting every visitor in the changed version. */
function payloadFor(origin: string): SdkPayload {
  return {
    format: 1,
    projectId: 'prj_visual',
    environment: 'production',
    revision: 'visual-1',
    generatedAt: new Date().toISOString(),
    segments: [],
    flags: [],
    experiments: [
      visualExperiment('headline', `${origin}/shop`, 10_000, {
        key: 'offer',
        name: 'Offer',
        elementRules: toElementRules(CHANGES),
      }),
      visualExperiment('kinds', `${origin}/kinds`, 10_000, kindsVersion(KINDS_TARGETS)),
      visualExperiment('kinds-control', `${origin}/control/kinds`, 0, kindsVersion(KINDS_TARGETS)),
      visualExperiment('docs', `${origin}${DOCS_PATH}`, 10_000, kindsVersion(DOCS_TARGETS)),
      visualExperiment('docs-control', `${origin}/control${DOCS_PATH}`, 0, kindsVersion(DOCS_TARGETS)),
      visualExperiment('nonce', `${origin}/nonce/*`, 10_000, kindsVersion(KINDS_TARGETS)),
      visualExperiment('split', `${origin}/split`, 10_000, { redirect: '/landing-b?variant=b' }),
    ],
    clickSelectors: ['#buy'],
  };
}

/** A version with every kind of change on the targets; its script is the site's (SCRIPT_PATH). */
const kindsVersion = (targets: KindTargets): Partial<PayloadVersion> => {
  const changes = kindChanges(targets);
  return { elementRules: toElementRules(changes), ...pageChangesOf(changes), script: SCRIPT_PATH };
};

/** A page with something of each kind to change: a banner, a promotion, an image, a link, a note. */
const KINDS_PAGE = (snippet: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Kinds</title>${snippet}</head><body><h1 id="title">Kinds</h1><div id="banner">Banner</div><div id="promo">Promo</div><img id="hero-img" src="/img/a.svg" alt="Version A"><a id="more" href="/more">More</a><p class="note">Note</p></body></html>`;

/**
 * A page that is not ours: npm's documentation of `npm install`, as the npm that runs these tests ships it (every
 * Node.js installation has one). Found beside that npm: through npm_execpath when npm started the tests, else where a
 * Node.js installation keeps it.
 */
export const DOCS_FILE =
  [
    process.env.npm_execpath && join(dirname(process.env.npm_execpath), '..'),
    join(dirname(process.execPath), '../lib/node_modules/npm'),
  ]
    .filter((root): root is string => !!root)
    .map((root) => join(root, 'docs/output/commands/npm-install.html'))
    .find((file) => existsSync(file)) ?? null;
const DOCS_PATH = '/docs/npm-install.html';
/** The documentation page's own elements of each kind; it has no image, so the version inserts one. */
export const DOCS_TARGETS: KindTargets = {
  hide: '#rainbar',
  remove: '#table_of_contents',
  image: { insertInto: 'header.title' },
  imageAddress: '/img/b.svg',
  link: 'footer#edit a',
  insertAfter: 'header.title',
  styled: 'header.title .description',
};

/** Each `<style>` of a page, as a source a policy's style-src allows it by: its hash. */
export const inlineStyleHashes = (html: string): string[] =>
  [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  );

/**
 * The policy with its style-src narrowed to files of the site and the page's own `<style>` elements, as a site with a
 * strict policy serves a page that has some: nothing else inline, the SDK's style sheets included, is allowed.
 */
export const withStrictStyles = (policy: string, html: string): string =>
  policy.replace(/style-src [^;]*/, `style-src 'self' ${inlineStyleHashes(html).join(' ')}`);

/** The documentation page with the snippet before its </head>, and the policy a strict site would serve it with. */
function docsPage(): { html: string; policy: string } | null {
  if (!DOCS_FILE) return null;
  const html = readFileSync(DOCS_FILE, 'utf8').replace('</head>', `${snippetOf(false)}</head>`);
  return { html, policy: withStrictStyles(POLICY, html) };
}

export const NONCE = 'XYZ';
/**
 * Pages under a nonce policy, each the kinds page: `style` takes scripts and styles by the nonce only, and gives the
 * snippet its nonce; `scripts-only` gives the nonce for scripts, and takes styles from files of the site only;
 * `none` does not give the snippet the nonce its style-src asks for.
 */
const NONCE_PAGES = {
  style: { nonce: true, policy: `script-src 'nonce-${NONCE}'; style-src 'nonce-${NONCE}'` },
  'scripts-only': { nonce: true, policy: `script-src 'nonce-${NONCE}'; style-src 'self'` },
  none: { nonce: false, policy: `script-src 'self'; style-src 'nonce-${NONCE}'` },
};
export type NoncePage = keyof typeof NONCE_PAGES;

/**
 * The page makes its client itself (nonce/client.js), to hear what the SDK reports: a snippet's client has no onError.
 * It is `Tabula.client`, as the snippet's would be.
 */
const NONCE_CLIENT = `window.reports = [];
Tabula.client = Tabula.createClient({
  clientKey: ${JSON.stringify(CLIENT_KEY)},
  projectId: 'prj_visual',
  enableUI: true,
  autoPoll: false,
  onError: (error) => window.reports.push(error.message),
});`;

function noncePage(name: NoncePage): { html: string; policy: string } {
  const { nonce, policy } = NONCE_PAGES[name];
  const attribute = nonce ? ` nonce="${NONCE}"` : '';
  const snippet = `<script src="/sdk/tabula.js"${attribute}></script><script src="/nonce/client.js"${attribute}></script>`;
  return { html: KINDS_PAGE(snippet), policy: `default-src 'self'; ${policy}; img-src 'self'; connect-src 'self'` };
}

const snippetOf = (keyed: boolean) => {
  const src = keyed ? `/sdk/tabula.js?key=${CLIENT_KEY}` : '/sdk/tabula.js';
  return `<script src="${src}" data-client-key="${CLIENT_KEY}" data-project-id="prj_visual" data-enable-ui="true" data-auto-poll="false"></script>`;
};

function pageHtml({ rerender, keyed }: { rerender: boolean; keyed: boolean }): string {
  const snippet = snippetOf(keyed);
  const products = Array.from({ length: 200 }, (_, index) => `<li>Product ${index}</li>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title><link rel="stylesheet" href="/site.css">${snippet}</head><body><h1 id="headline">${ORIGINAL_HEADLINE}</h1><button id="buy">Buy</button><ul>${products}</ul>${rerender ? '<script src="/app.js"></script>' : ''}</body></html>`;
}

/** The page's own framework, in miniature: it renders the headline from its state again and again, as React would. */
const APP = `setInterval(() => {
  const old = document.getElementById('headline');
  const fresh = document.createElement('h1');
  fresh.id = 'headline';
  fresh.textContent = ${JSON.stringify(ORIGINAL_HEADLINE)};
  old.replaceWith(fresh);
}, 50);`;

/**
 * A customer's site with a strict Content-Security-Policy, serving its page with the snippet, the SDK as built from
 * source (into a folder of its own), and the SDK endpoints a Tabula server would: the payload (after `payloadDelayMs`),
 * also in front of the SDK when its address names the key, and the events. The SDK comes from the site's own origin,
 * as a CDN-less install would have it.
 */
export async function startVisualSite(options: { payloadDelayMs?: number } = {}): Promise<VisualSite> {
  const sdkOut = mkdtempSync(join(tmpdir(), 'tabula-visual-sdk-'));
  execFileSync(process.execPath, ['scripts/build.mjs', sdkOut], { cwd: sdkDir });
  const docs = docsPage();
  let payloads = 0;
  let origin = '';
  const events: { type: string; experiment?: string; version?: string }[] = [];
  const server: Server = createServer((request, response) => {
    const { pathname: path, searchParams } = new URL(request.url ?? '/', 'http://site');
    const send = (status: number, type: string, body: string | Buffer, policy = POLICY) => {
      response.writeHead(status, { 'content-type': type, 'content-security-policy': policy });
      response.end(body);
    };
    const html = 'text/html; charset=utf-8';
    if (path === '/shop')
      return send(200, html, pageHtml({ rerender: searchParams.has('rerender'), keyed: searchParams.has('keyed') }));
    if (['/kinds', '/control/kinds', '/split'].includes(path)) {
      return send(200, html, KINDS_PAGE(snippetOf(false)));
    }
    if (docs && [DOCS_PATH, `/control${DOCS_PATH}`].includes(path)) return send(200, html, docs.html, docs.policy);
    const nonce = /^\/nonce\/([a-z-]+)$/.exec(path)?.[1];
    if (nonce && Object.hasOwn(NONCE_PAGES, nonce)) {
      const page = noncePage(nonce as NoncePage);
      return send(200, html, page.html, page.policy);
    }
    if (path === '/nonce/client.js') return send(200, 'text/javascript', NONCE_CLIENT);
    if (path === '/landing-b') return send(200, html, '<!doctype html><title>B</title><h1>B</h1>');
    if (path === SCRIPT_PATH) return send(200, 'text/javascript', SCRIPT);
    if (path.startsWith('/img/')) {
      return send(200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    }
    if (path === '/site.css') return send(200, 'text/css', 'body { font-family: sans-serif; } h1 { color: #222; }');
    if (path === '/app.js') return send(200, 'text/javascript', APP);
    if (path.startsWith('/sdk/v1/payload/')) {
      payloads += 1;
      const body = JSON.stringify(payloadFor(origin));
      setTimeout(() => send(200, 'application/json', body), options.payloadDelayMs ?? 0);
      return;
    }
    if (path.startsWith('/sdk/v1/events/')) {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        try {
          events.push(...(JSON.parse(body) as { events: (typeof events)[number][] }).events);
        } catch {
          // a body this site cannot read counts nothing
        }
        send(202, 'application/json', JSON.stringify({ accepted: 0, duplicates: 0, rejected: [] }));
      });
      return;
    }
    const file = /^\/sdk\/(tabula[a-z0-9.-]*\.js)$/.exec(path)?.[1];
    if (file) {
      try {
        const code = readFileSync(join(sdkOut, file));
        const keyed = file === 'tabula.js' && searchParams.get('key') === CLIENT_KEY;
        return send(
          200,
          'text/javascript',
          keyed ? bundleWithPayload(Buffer.from(JSON.stringify(payloadFor(origin))), code) : code,
        );
      } catch {
        // not built
      }
    }
    send(404, 'text/plain', 'not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    docsUrl: (visitor) => `${origin}${visitor === 'control' ? '/control' : ''}${DOCS_PATH}`,
    nonceUrl: (page) => `${origin}/nonce/${page}`,
    pageUrl: ({ rerender = false, keyed = false } = {}) => {
      const query = [rerender && 'rerender', keyed && 'keyed'].filter(Boolean).join('&');
      return `${origin}/shop${query ? `?${query}` : ''}`;
    },
    payloadRequests: () => payloads,
    events: () => events,
    async close() {
      server.closeAllConnections();
      server.close();
      rmSync(sdkOut, { recursive: true, force: true });
    },
  };
}
