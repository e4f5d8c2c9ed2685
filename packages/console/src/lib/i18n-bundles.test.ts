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
    const english = [...bundle('en', namespace).keys()].sort();
    for (const language of LANGUAGES) expect([...bundle(language, namespace).keys()].sort(), language).toEqual(english);
  });

  it.each(NAMESPACES)('%s uses the same interpolation variables in every language, and no empty text', (namespace) => {
    const english = bundle('en', namespace);
    for (const language of LANGUAGES) {
      for (const [key, text] of bundle(language, namespace)) {
        expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe('');
        expect(variables(text), `${language}/${namespace}:${key}`).toEqual(variables(english.get(key) ?? ''));
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
});
