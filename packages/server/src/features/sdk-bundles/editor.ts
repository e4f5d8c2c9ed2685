import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readBuiltFile } from '../../http/built-file';
import { type Precompressed, precompress } from '../../http/precompressed';

export const EDITOR_BUNDLE_FILE = 'editor.js';
const LOCALES_DIR = 'locales';
const LOCALE_FILE = /^([a-z]{2}(?:-[A-Z]{2})?)\.json$/;

export interface EditorBundle {
  bundle: Precompressed;
  /** The editor's translations, by language. */
  locales: Map<string, Precompressed>;
}

/** The built visual editor and its translations, each compressed once; null when the editor is not built. */
export async function loadEditorBundle(editorDir: string): Promise<EditorBundle | null> {
  const bundle = await readBuiltFile(join(editorDir, EDITOR_BUNDLE_FILE));
  if (!bundle) return null;
  const localeDir = join(editorDir, LOCALES_DIR);
  const files = (await readdir(localeDir).catch(() => [] as string[])).filter((file) => LOCALE_FILE.test(file));
  const locales = await Promise.all(
    files.map(
      async (file) => [LOCALE_FILE.exec(file)![1]!, await precompress(await readFile(join(localeDir, file)))] as const,
    ),
  );
  return { bundle: await precompress(bundle), locales: new Map(locales) };
}
