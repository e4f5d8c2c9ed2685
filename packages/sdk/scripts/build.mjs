// Builds what pages and bundlers load: tabula.js (the snippet's IIFE; global.ts sets `Tabula`), tabula.esm.js and
// openfeature.js, into dist/ or the folder given as the first argument (tests build into a temporary one, so a
// server reading dist/ never sees it half-written). Sources stay the workspace's entry points.
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { minify } from 'terser';

const root = new URL('..', import.meta.url).pathname;
const outdir = resolve(process.argv[2] ?? resolve(root, 'dist'));

// ES2020 (optional chaining, `??`) runs natively in every browser released since spring 2020 (Chrome and Edge 80,
// Firefox 74, Safari 13.1): nothing is down-levelled into helpers.
const common = { absWorkingDir: root, bundle: true, legalComments: 'none', logLevel: 'warning', target: 'es2020' };

/**
 * Properties of the SDK's own internal objects, renamed to short names in the snippet bundle. A name listed here must
 * never be read from an outside object: not an option or method of the public API, not a field of the payload, the
 * events or stored records, not a property of a browser object.
 */
const INTERNAL_PROPERTIES = [
  // evaluation
  'assignIndex',
  'cache',
  'exposure',
  'forced',
  'unit',
  'unreadable',
  'major',
  'minor',
  'patch',
  'prerelease',
  // storage, event queue, flag usage, payload updates
  'readRecord',
  'write',
  'enqueue',
  'beacon',
  'storageKey',
  'usage',
  'mark',
  'pending',
  'reported',
  'useEventSource',
  'report',
  'url',
];

/** Leaves the sentences that explain problems out of a bundle: its messages are the problems' numbers and details. */
const withoutSentences = {
  name: 'without-sentences',
  setup(build) {
    build.onLoad({ filter: /[\\/]core[\\/]sentences\.ts$/ }, () => ({
      contents: 'export const SENTENCES = {};',
      loader: 'ts',
    }));
  },
};

/** The snippet bundle: every page downloads it, so it is minified twice (see the README, "Builds", for the figures). */
async function buildSnippet() {
  const { outputFiles } = await build({
    ...common,
    entryPoints: ['src/client/global.ts'],
    outfile: resolve(outdir, 'tabula.js'),
    format: 'iife',
    minify: true,
    mangleProps: new RegExp(`^(${INTERNAL_PROPERTIES.join('|')})$`),
    plugins: [withoutSentences],
    write: false,
  });
  // Terser's repeated compress passes find what esbuild's single pass leaves (inlining, merged declarations).
  const { code } = await minify(outputFiles[0].text, {
    ecma: 2020,
    compress: { passes: 3 },
    format: { comments: false },
  });
  await writeFile(resolve(outdir, 'tabula.js'), code);
}

await mkdir(outdir, { recursive: true });
await Promise.all([
  buildSnippet(),
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
