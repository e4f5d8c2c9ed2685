// Builds what pages and bundlers load: tabula.js (the snippet's IIFE; global.ts sets `Tabula`) with the parts it loads
// on demand (tabula-<part>.<hash>.js), tabula.esm.js and openfeature.js, into dist/ or the folder given as the first
// argument (tests build into a temporary one, so a server reading dist/ never sees it half-written). Sources stay the
// workspace's entry points. With `--without-visual` it builds only the snippet and its parts, with visual experiments
// left out, so the sdk-size benchmark can tell what they weigh.
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { minify } from 'terser';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const withoutVisual = args.includes('--without-visual');
const outdir = resolve(args.find((arg) => !arg.startsWith('--')) ?? resolve(root, 'dist'));

// ES2020 (optional chaining, `??`) runs natively in every browser released since spring 2020 (Chrome and Edge 80,
// Firefox 74, Safari 13.1): nothing is down-levelled into helpers.
const common = { absWorkingDir: root, bundle: true, legalComments: 'none', logLevel: 'warning', target: 'es2020' };

/**
 * Properties of the SDK's own internal objects, renamed to short names in the snippet bundle. A name listed here must
 * never be read from an outside object: not an option or method of the public API, not a field of the payload, the
 * events or stored records, not a property of a browser object.
 */
const INTERNAL_PROPERTIES = [
  // the client's answers to its updates
  'answered',
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
  'write',
  'enqueue',
  'beacon',
  'evaluated',
  'pending',
  'reported',
  'report',
  // parts loaded on demand, and what the client hands them
  'needs',
  'expose',
  'settings',
  'local',
  'load',
  'request',
  'receive',
  'queueStore',
  // visual experiments: the client's side, and the applier's facets and changes
  'served',
  'versionOf',
  'goal',
  'hideFor',
  'server',
  'update',
  'stop',
  'revert',
  'slot',
  'want',
  'look',
  'keep',
  'undo',
  'seen',
  'element',
  'facet',
  'kept',
  // visual experiments' rarer changes: the applier's option and the part's host
  'structure',
  'hide',
];

/**
 * What the snippet bundle leaves out and loads from a file of its own when a page needs it (src/client/parts.ts says
 * when): each entry's exports are what the bundle uses.
 */
const PARTS = {
  background: 'src/client/background.ts',
  stream: 'src/client/stream.ts',
  online: 'src/client/online.ts',
  operators: 'src/core/optional-operators.ts',
  decrypt: 'src/client/decrypt.ts',
  changes: 'src/client/changes.ts',
};
/** A part's file, named with a hash of the parts' content (the build): the server can cache it for good. */
const PART_FILE = /^tabula-[a-z]+\.[0-9a-f]{8}\.js$/;
/** Stands for that hash in the bundle until the parts are built. */
const BUILD_PLACEHOLDER = 'parts-build-placeholder';

/** Leaves the sentences that explain problems out of a bundle: its messages are the problems' numbers and details. */
const explainByNumber = {
  name: 'explain-by-number',
  setup(build) {
    build.onResolve({ filter: /^\.\/explain$/ }, (args) => ({
      path: resolve(args.resolveDir, 'explain-by-number.ts'),
    }));
  },
};

/**
 * The snippet bundle and its parts are built without the fast paths of evaluation (src/core/fast-paths.ts): a page
 * evaluates a few dozen times, and downloads every byte.
 */
const withoutFastPaths = {
  name: 'without-fast-paths',
  setup(build) {
    build.onLoad({ filter: /[\\/]core[\\/]fast-paths\.ts$/ }, () => ({
      contents: 'export const FAST_PATHS = false;',
      loader: 'ts',
    }));
  },
};

/**
 * The snippet bundle installs the pattern, version, date and hashed operators, the holdout check and flag prerequisites
 * from a part, when a payload needs them.
 */
const withoutOptionalOperators = {
  name: 'without-optional-operators',
  setup(build) {
    build.onLoad({ filter: /[\\/]core[\\/]all-operators\.ts$/ }, () => ({ contents: '', loader: 'ts' }));
  },
};

/** For the measure of everything but visual experiments: a client that never starts them. */
const withoutVisualExperiments = {
  name: 'without-visual-experiments',
  setup(build) {
    build.onLoad({ filter: /[\\/]client[\\/]visual\.ts$/ }, () => ({
      contents: 'export const startVisual = () => undefined;',
      loader: 'ts',
    }));
  },
};

/** The snippet bundle loads its parts from files beside it instead of carrying them. */
const partsFromUrl = {
  name: 'parts-from-url',
  setup(build) {
    build.onResolve({ filter: /^\.\/parts$/ }, (args) => ({ path: resolve(args.resolveDir, 'parts-from-url.ts') }));
  },
};

const mangleProps = new RegExp(`^(${INTERNAL_PROPERTIES.join('|')})$`);

// Terser's repeated compress passes find what esbuild's single pass leaves (inlining, merged declarations). Its
// rewriting of comparisons (`!(a < b)` and the like) and its joining of statements into comma sequences only lengthen
// what gzip then sees. Two assumptions that hold for the SDK's own code and save bytes: no function's `length` is
// read (unused trailing parameters go), and an unused `new X()` does nothing (the SDK never constructs an object only
// to see whether that throws).
const shrink = async (text, module) =>
  (
    await minify(text, {
      ecma: 2020,
      module,
      compress: {
        passes: 6,
        unsafe_arrows: true,
        comparisons: false,
        sequences: false,
        keep_fargs: false,
        pure_new: true,
      },
      format: { comments: false },
    })
  ).code;

/**
 * The snippet bundle and its parts: every page downloads the bundle, so it is minified twice (see the README,
 * "Builds", for the figures). Bundle and parts are built apart (an IIFE cannot share chunks) but with one record of
 * mangled property names, so the objects they hand each other agree.
 */
async function buildSnippet() {
  const snippet = await build({
    ...common,
    entryPoints: ['src/client/global.ts'],
    format: 'iife',
    minify: true,
    mangleProps,
    mangleCache: {},
    define: { PARTS_BUILD: JSON.stringify(BUILD_PLACEHOLDER) },
    plugins: [
      explainByNumber,
      withoutOptionalOperators,
      withoutFastPaths,
      partsFromUrl,
      ...(withoutVisual ? [withoutVisualExperiments] : []),
    ],
    write: false,
  });
  const parts = await build({
    ...common,
    entryPoints: Object.entries(PARTS).map(([name, entry]) => ({ in: entry, out: name })),
    outdir,
    format: 'esm',
    minify: true,
    mangleProps,
    mangleCache: snippet.mangleCache,
    plugins: [explainByNumber, withoutOptionalOperators, withoutFastPaths],
    write: false,
  });
  const codes = await Promise.all(parts.outputFiles.map((output) => shrink(output.text, true)));
  const hash = createHash('sha256');
  for (const code of codes) hash.update(code);
  const partsBuild = hash.digest('hex').slice(0, 8);
  const files = {};
  parts.outputFiles.forEach((output, index) => {
    const name = output.path.slice(outdir.length + 1, -'.js'.length);
    files[`tabula-${name}.${partsBuild}.js`] = codes[index];
  });
  const bundle = snippet.outputFiles[0].text;
  if (!bundle.includes(BUILD_PLACEHOLDER)) throw new Error('the snippet bundle does not load its parts');
  files['tabula.js'] = await shrink(bundle.replaceAll(BUILD_PLACEHOLDER, partsBuild), false);
  // Parts of earlier builds go: the folder holds what this bundle loads, and nothing else.
  for (const file of await readdir(outdir))
    if (PART_FILE.test(file) && !(file in files)) await rm(resolve(outdir, file));
  await Promise.all(Object.entries(files).map(([file, code]) => writeFile(resolve(outdir, file), code)));
}

await mkdir(outdir, { recursive: true });
await Promise.all([buildSnippet(), ...(withoutVisual ? [] : [buildModules()])]);

/** The ESM bundle for Node and bundlers, and the OpenFeature providers. */
function buildModules() {
  return Promise.all([
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
}
