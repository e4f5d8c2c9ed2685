// How many bytes a page downloads for the snippet: dist/tabula.js (IIFE, minified) gzipped at level 9, next to the
// browser bundles of GrowthBook and Unleash's proxy client, which do the same job. Target: 6 KB gzipped (6144 bytes).
// Every page downloads tabula.js first (gzipBytes); the parts beside it only when the page needs them (streaming,
// online retrieval, pattern/version/date operators): partsGzipBytes names each, and totalGzipBytes is the sum of all.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const sdk = new URL('../packages/sdk/', import.meta.url).pathname;

/** A package's folder, found from its entry point (some packages do not export their package.json). */
function packageDir(name: string): string {
  const entry = require.resolve(name);
  const marker = join('node_modules', name);
  return entry.slice(0, entry.lastIndexOf(marker) + marker.length);
}

const gzipBytes = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: sdk, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the SDK build failed');
const bundle = join(sdk, 'dist/tabula.js');
const partsGzipBytes: Record<string, number> = {};
for (const file of readdirSync(join(sdk, 'dist'))) {
  const part = /^tabula-([a-z]+)\.[0-9a-f]{8}\.js$/.exec(file)?.[1];
  if (part) partsGzipBytes[part] = gzipBytes(join(sdk, 'dist', file));
}
const main = gzipBytes(bundle);

console.log(
  JSON.stringify({
    name: 'sdk-size',
    gzipBytes: main,
    partsGzipBytes,
    totalGzipBytes: Object.values(partsGzipBytes).reduce((sum, bytes) => sum + bytes, main),
    peerGzipBytes: gzipBytes(join(packageDir('@growthbook/growthbook'), 'dist/bundles/auto.min.js')),
    unleashGzipBytes: gzipBytes(join(packageDir('unleash-proxy-client'), 'build/main.min.js')),
    rawBytes: readFileSync(bundle).length,
    targetGzipBytes: 6 * 1024,
  }),
);
