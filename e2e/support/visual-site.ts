import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChangeRecord, type SdkPayload, toElementRules } from '@tabula/protocol';
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

export interface VisualSite {
  url: string;
  /**
   * The page with the snippet in its head; `rerender` adds a script that renders the headline again every 50 ms;
   * `keyed` loads the SDK as the snippet generator writes it, naming the client key, so the payload comes with it.
   */
  pageUrl(options?: { rerender?: boolean; keyed?: boolean }): string;
  /** How many payload requests the site has answered. */
  payloadRequests(): number;
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
      {
        key: 'headline',
        kind: 'visual',
        unitAttribute: 'id',
        traffic: 10_000,
        phase: 0,
        conditions: [],
        segments: [],
        layer: null,
        page: { url: `${origin}/shop`, match: 'fuzzy' },
        versions: [
          { key: 'control', name: 'Original', weight: 0, isControl: true, params: {}, elementRules: [] },
          {
            key: 'offer',
            name: 'Offer',
            weight: 10_000,
            isControl: false,
            params: {},
            elementRules: toElementRules(CHANGES),
          },
        ],
      },
    ],
    clickSelectors: ['#buy'],
  };
}

function pageHtml({ rerender, keyed }: { rerender: boolean; keyed: boolean }): string {
  const src = keyed ? `/sdk/tabula.js?key=${CLIENT_KEY}` : '/sdk/tabula.js';
  const snippet = `<script src="${src}" data-client-key="${CLIENT_KEY}" data-project-id="prj_visual" data-enable-ui="true" data-auto-poll="false"></script>`;
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
    if (path === '/site.css') return send(200, 'text/css', 'body { font-family: sans-serif; } h1 { color: #222; }');
    if (path === '/app.js') return send(200, 'text/javascript', APP);
    if (path.startsWith('/sdk/v1/payload/')) {
      payloads += 1;
      const body = JSON.stringify(payloadFor(origin));
      setTimeout(() => send(200, 'application/json', body), options.payloadDelayMs ?? 0);
      return;
    }
    if (path.startsWith('/sdk/v1/events/')) {
      request.resume();
      return send(202, 'application/json', JSON.stringify({ accepted: 0, duplicates: 0, rejected: [] }));
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
    async close() {
      server.closeAllConnections();
      server.close();
      rmSync(sdkOut, { recursive: true, force: true });
    },
  };
}
