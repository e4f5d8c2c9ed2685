// Builds the visual editor into dist/ (or the folder given as the first argument): editor.js, one IIFE with React and
// everything else it needs, which the server serves at /sdk/editor.js; and its translations, in locales/.
import { cp, mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = resolve(process.argv[2] ?? resolve(root, 'dist'));

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outfile: resolve(outdir, 'editor.js'),
  bundle: true,
  format: 'iife',
  // Every browser a marketer edits pages in runs ES2020 natively.
  target: 'es2020',
  minify: true,
  jsx: 'automatic',
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
});
await cp(resolve(root, 'locales'), resolve(outdir, 'locales'), { recursive: true });
