import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readBuiltFile } from '../../http/built-file';
import { type Precompressed, precompress } from '../../http/precompressed';

export const EDITOR_BUNDLE_FILE = 'editor.js';
const LOCALES_DIR = 'locales';
const LANGUAGE = /^[a-z]{2}(?:-[A-Z]{2})?$/;
const NAMESPACE_FILE = /^([a-z][a-z0-9-]*)\.json$/;

export interface EditorBundle {
  bundle: Precompressed;
  /** The editor's translations, by `<namespace>/<language>` (spec §7: bundles by app id, namespace and language). */
  locales: Map<string, Precompressed>;
}

/** The `<namespace>/<language>` of every `locales/<language>/<namespace>.json` the build wrote. */
async function localeFiles(localeDir: string): Promise<{ key: string; file: string }[]> {
  const languages = (await readdir(localeDir).catch(() => [] as string[])).filter((name) => LANGUAGE.test(name));
  const found = await Promise.all(
    languages.map(async (language) =>
      (await readdir(join(localeDir, language)).catch(() => [] as string[])).flatMap((file) => {
        const namespace = NAMESPACE_FILE.exec(file)?.[1];
        return namespace ? [{ key: `${namespace}/${language}`, file: join(localeDir, language, file) }] : [];
      }),
    ),
  );
  return found.flat();
}

/** The built visual editor and its translations, each compressed once; null when the editor is not built. */
export async function loadEditorBundle(editorDir: string): Promise<EditorBundle | null> {
  const bundle = await readBuiltFile(join(editorDir, EDITOR_BUNDLE_FILE));
  if (!bundle) return null;
  const files = await localeFiles(join(editorDir, LOCALES_DIR));
  const locales = await Promise.all(
    files.map(async ({ key, file }) => [key, await precompress(await readFile(file))] as const),
  );
  return { bundle: await precompress(bundle), locales: new Map(locales) };
}
