import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EDITOR_NAMESPACE } from '../src/i18n/i18n';
import { EDITOR_LANGUAGES } from '../src/i18n/language';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string): Tree => JSON.parse(readFileSync(path, 'utf8')) as Tree;
const editorBundle = (language: string) =>
  leaves(read(join(packageDir, 'locales', language, `${EDITOR_NAMESPACE}.json`)));
/** Every text of the console in one language, by `<namespace>:<key>`: the texts both show must read the same. */
function consoleTexts(language: string): Map<string, string> {
  const folder = join(packageDir, '..', 'console', 'public', 'locales', language);
  const texts = new Map<string, string>();
  for (const file of readdirSync(folder)) {
    for (const [key, text] of leaves(read(join(folder, file)))) texts.set(`${file.replace('.json', '')}:${key}`, text);
  }
  return texts;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const withoutPluralForms = (keys: Iterable<string>) => [
  ...new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, ''))),
];
const english = editorBundle('en');

describe('the editor translation bundles (spec §9)', () => {
  it('have exactly the same keys, variables and no empty text in every language', () => {
    for (const language of EDITOR_LANGUAGES) {
      const bundle = editorBundle(language);
      expect(withoutPluralForms(bundle.keys()).sort(), language).toEqual(withoutPluralForms(english.keys()).sort());
      for (const [key, text] of bundle) {
        expect(text.trim(), `${language}:${key}`).not.toBe('');
        const englishText = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other')) ?? '';
        expect(variables(text), `${language}:${key}`).toEqual(variables(englishText));
      }
    }
  });

  it('translate rather than copy English', () => {
    for (const language of EDITOR_LANGUAGES.filter((language) => language !== 'en')) {
      const same = [...editorBundle(language)].filter(([key, text]) => text === english.get(key)).map(([key]) => key);
      expect(same, language).toEqual([]);
    }
  });

  it('word a message the console also shows the way the console does, in every language', () => {
    const consoleKeysByEnglish = new Map<string, string[]>();
    for (const [where, text] of consoleTexts('en'))
      consoleKeysByEnglish.set(text, [...(consoleKeysByEnglish.get(text) ?? []), where]);
    for (const language of EDITOR_LANGUAGES) {
      const bundle = editorBundle(language);
      const inConsole = consoleTexts(language);
      for (const [key, text] of english) {
        const shared = consoleKeysByEnglish.get(text) ?? [];
        if (shared.length === 0) continue;
        expect(new Set(shared.map((where) => inConsole.get(where))), `${language}:${key}`).toContain(bundle.get(key));
      }
    }
  });
});
