import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ChangeRecord,
  type PayloadExperiment,
  type PayloadVersion,
  pageChangesOf,
  type SdkPayload,
  toElementRules,
} from '@tabula/protocol';
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

/** Every kind of change beyond text and styles, on the kinds page (see KINDS_PAGE), as the visual editor saves them. */
export const KIND_CHANGES: ChangeRecord[] = [
  { selector: '#banner', type: 'style', key: 'display', value: 'none' },
  { selector: '#promo', type: 'remove', key: '', value: '' },
  { selector: '#hero-img', type: 'attribute', key: 'src', value: '/img/b.svg' },
  { selector: '#hero-img', type: 'attribute', key: 'srcset', value: '/img/b.svg 1x, /img/b.svg 2x' },
  { selector: '#hero-img', type: 'attribute', key: 'alt', value: 'Version B' },
  { selector: '#more', type: 'attribute', key: 'href', value: '/offer' },
  { selector: '#more', type: 'attribute', key: 'target', value: '_blank' },
  { selector: '#title', type: 'insert', key: 'button', value: 'added', insertOrder: 'after' },
  { selector: '[data-tabula-insert="added"]', type: '', key: 'textContent', value: 'Added by the test' },
  { selector: 'html', type: 'css', key: '', value: '.note { color: rgb(0, 128, 0); }' },
  { selector: 'html', type: 'script', key: '', value: SCRIPT },
];

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
      visualExperiment('kinds', `${origin}/kinds`, 10_000, kindsVersion),
      visualExperiment('kinds-control', `${origin}/control/kinds`, 0, kindsVersion),
      visualExperiment('split', `${origin}/split`, 10_000, { redirect: '/landing-b?variant=b' }),
    ],
    clickSelectors: ['#buy'],
  };
}

const kindsVersion: Partial<PayloadVersion> = {
  elementRules: toElementRules(KIND_CHANGES),
  ...pageChangesOf(KIND_CHANGES),
  script: SCRIPT_PATH,
};

/** A page with something of each kind to change: a banner, a promotion, an image, a link, a note. */
const KINDS_PAGE = (snippet: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Kinds</title>${snippet}</head><body><h1 id="title">Kinds</h1><div id="banner">Banner</div><div id="promo">Promo</div><img id="hero-img" src="/img/a.svg" alt="Version A"><a id="more" href="/more">More</a><p class="note">Note</p></body></html>`;

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
  let payloads = 0;
  let origin = '';
  const events: { type: string; experiment?: string; version?: string }[] = [];
  const server: Server = createServer((request, response) => {
    const { pathname: path, searchParams } = new URL(request.url ?? '/', 'http://site');
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type, 'content-security-policy': POLICY });
      response.end(body);
    };
    if (path === '/shop')
      return send(
        200,
        'text/html; charset=utf-8',
        pageHtml({ rerender: searchParams.has('rerender'), keyed: searchParams.has('keyed') }),
      );
    if (['/kinds', '/control/kinds', '/split'].includes(path)) {
      return send(200, 'text/html; charset=utf-8', KINDS_PAGE(snippetOf(false)));
    }
    if (path === '/landing-b')
      return send(200, 'text/html; charset=utf-8', '<!doctype html><title>B</title><h1>B</h1>');
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
