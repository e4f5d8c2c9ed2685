// How many bytes a page downloads for the snippet: dist/tabula.js (IIFE, minified) gzipped at level 9, next to the
// browser bundles of GrowthBook and Unleash's proxy client, which do the same job. Every page downloads tabula.js
// first (gzipBytes, visual experiments included; target 8 KB, 8192 bytes); coreGzipBytes is the same bundle built
// without visual experiments (target 6 KB, 6144 bytes). The parts beside it come only when the page needs them
// (streaming, online retrieval, pattern/version/date operators, holdouts and prerequisites): partsGzipBytes names each,
// and totalGzipBytes is the sum of tabula.js and all of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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

const build = (...args: string[]) => {
  const run = spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: sdk, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('the SDK build failed');
};
build();
const bundle = join(sdk, 'dist/tabula.js');
const coreDir = mkdtempSync(join(tmpdir(), 'tabula-core-'));
let core: number;
try {
  build(coreDir, '--without-visual');
  core = gzipBytes(join(coreDir, 'tabula.js'));
} finally {
  rmSync(coreDir, { recursive: true, force: true });
}
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
    coreGzipBytes: core,
    partsGzipBytes,
    totalGzipBytes: Object.values(partsGzipBytes).reduce((sum, bytes) => sum + bytes, main),
    peerGzipBytes: gzipBytes(join(packageDir('@growthbook/growthbook'), 'dist/bundles/auto.min.js')),
    unleashGzipBytes: gzipBytes(join(packageDir('unleash-proxy-client'), 'build/main.min.js')),
    rawBytes: readFileSync(bundle).length,
    targetGzipBytes: 8 * 1024,
    targetCoreGzipBytes: 6 * 1024,
  }),
);
