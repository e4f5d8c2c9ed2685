// Builds the visual editor into dist/ (or the folder given as the first argument): editor.js, one IIFE with React and
// everything else it needs, which the server serves at /sdk/editor.js; and its translations, in locales/.
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = resolve(process.argv[2] ?? resolve(root, 'dist'));

/** The translations' version: a hash of every locale file, so the editor's cache of them changes exactly when they do. */
async function localesVersion(dir) {
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.json')).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await readFile(resolve(dir, file)));
  return hash.digest('hex').slice(0, 12);
}

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
  define: {
    'process.env.NODE_ENV': '"production"',
    EDITOR_I18N_VERSION: JSON.stringify(await localesVersion(resolve(root, 'locales'))),
  },
});
await cp(resolve(root, 'locales'), resolve(outdir, 'locales'), { recursive: true });
