// Builds the demo's React shop into dist/demo/ (or the folder given as the first argument): react-shop.js, one
// minified IIFE with React, which the server serves for /demo/react under a name that carries its hash.
import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = resolve(process.argv[2] ?? resolve(root, 'dist/demo'));

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/features/demo/react/main.ts'],
  outfile: resolve(outdir, 'react-shop.js'),
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  // React's production build: no development checks, half the size.
  define: { 'process.env.NODE_ENV': '"production"' },
});
