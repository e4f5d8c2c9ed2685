// Builds what pages and bundlers load: tabula.js (the snippet's IIFE; global.ts sets `Tabula`), tabula.esm.js and
// openfeature.js, into dist/ or the folder given as the first argument (tests build into a temporary one, so a
// server reading dist/ never sees it half-written). Sources stay the workspace's entry points.
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = resolve(process.argv[2] ?? resolve(root, 'dist'));

const common = { absWorkingDir: root, bundle: true, legalComments: 'none', logLevel: 'warning', target: 'es2018' };
await Promise.all([
  build({
    ...common,
    entryPoints: ['src/client/global.ts'],
    outfile: resolve(outdir, 'tabula.js'),
    format: 'iife',
    minify: true,
  }),
  build({ ...common, entryPoints: ['src/index.ts'], outfile: resolve(outdir, 'tabula.esm.js'), format: 'esm' }),
  // OpenFeature is the host's peer dependency: imported, never bundled.
  build({
    ...common,
    entryPoints: ['src/openfeature/index.ts'],
    outfile: resolve(outdir, 'openfeature.js'),
    format: 'esm',
    external: ['@openfeature/*'],
  }),
]);
