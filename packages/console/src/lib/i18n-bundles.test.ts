import { describe, expect, it } from 'vitest';
import { loadBundles } from '../testing/bundles';
import { LANGUAGES, NAMESPACES } from './i18n';

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

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

/** i18next picks a key's plural form by the language's own categories: English has one and other, Japanese only other. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const withoutPluralForms = (keys: Iterable<string>) => [
  ...new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, ''))),
];
const pluralForms = (keys: Iterable<string>) => {
  const forms = new Map<string, string[]>();
  for (const key of keys) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match) continue;
    const base = key.slice(0, match.index);
    forms.set(base, [...(forms.get(base) ?? []), match[1] ?? ''].sort());
  }
  return forms;
};

const bundles = loadBundles();
const bundle = (language: string, namespace: string) => leaves((bundles[language]?.[namespace] ?? {}) as Tree);

describe('translation bundles (spec §9)', () => {
  it('exist for every language and namespace', () => {
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES)
        expect(bundle(language, namespace).size, `${language}/${namespace}`).toBeGreaterThan(0);
    }
  });

  it.each(NAMESPACES)('%s has exactly the same keys in every language', (namespace) => {
    const english = withoutPluralForms(bundle('en', namespace).keys()).sort();
    for (const language of LANGUAGES)
      expect(withoutPluralForms(bundle(language, namespace).keys()).sort(), language).toEqual(english);
  });

  it.each(NAMESPACES)('%s gives each counted text exactly the plural forms its language has', (namespace) => {
    for (const language of LANGUAGES) {
      const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
      for (const [base, forms] of pluralForms(bundle(language, namespace).keys()))
        expect(forms, `${language}/${namespace}:${base}`).toEqual(categories);
    }
  });

  it.each(NAMESPACES)('%s uses the same interpolation variables in every language, and no empty text', (namespace) => {
    const english = bundle('en', namespace);
    for (const language of LANGUAGES) {
      for (const [key, text] of bundle(language, namespace)) {
        expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe('');
        const englishText = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other')) ?? '';
        expect(variables(text), `${language}/${namespace}:${key}`).toEqual(variables(englishText));
      }
    }
  });

  it('translates rather than copies English', () => {
    // Names that read the same in every language: the product, the languages themselves, a family's brand,
    // a programming language and an example address.
    const sameEverywhere = [
      'common:app.name',
      'common:language.en',
      'common:language.zh-CN',
      'common:language.ja',
      'integration:generator.families.tab',
      'integration:generator.styles.javascript',
      'organization:invitations.emailPlaceholder',
    ];
    for (const language of ['zh-CN', 'ja']) {
      const same: string[] = [];
      for (const namespace of NAMESPACES) {
        const english = bundle('en', namespace);
        for (const [key, text] of bundle(language, namespace)) {
          if (text === english.get(key)) same.push(`${namespace}:${key}`);
        }
      }
      expect(same.sort(), language).toEqual(sameEverywhere.sort());
    }
  });

  it('sets names apart from Japanese words, by a space or 「」, as everywhere else', () => {
    // Variables that carry a name or key someone typed; a translated word (a role, a field) joins the sentence directly.
    const named =
      'attribute|email|environment|experiment|flag|key|layer|metric|name|organization|property|segment|selector|tag|url|variant|version';
    const japanese = '[\\u3040-\\u30ff\\u4e00-\\u9fff]';
    const touching = new RegExp(`${japanese}{{(${named})}}|{{(${named})}}${japanese}`);
    const tight = NAMESPACES.flatMap((namespace) =>
      [...bundle('ja', namespace)].filter(([, text]) => touching.test(text)).map(([key]) => `${namespace}:${key}`),
    );
    expect(tight).toEqual([]);
  });
});
