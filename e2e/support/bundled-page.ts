import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

export interface BundledPage {
  /** The page's address on an origin of its own; the test adds the query its code reads. */
  url: string;
  close(): Promise<void>;
}

/**
 * Bundles `entry` (a file under e2e/fixtures/) as an application's bundler would, from the packages' public entry points,
 * and serves it as the one script of a page on its own origin, apart from the Tabula server's.
 */
export async function serveBundledPage(entry: string, title: string): Promise<BundledPage> {
  const bundled = await build({
    entryPoints: [new URL(`../fixtures/${entry}`, import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'warning',
    // React reads it to pick its production build, as every bundler's production mode sets it.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const script = bundled.outputFiles[0]?.text ?? '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main id="root"></main><script type="module" src="/page.js"></script></body></html>`;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    if (path === '/page.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(script);
    }
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(html);
    }
    response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
