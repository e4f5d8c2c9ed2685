import { describe, expect, it } from 'vitest';
import { editionLanguage } from './edition-language';

describe('the language of non-tab editions (spec §9)', () => {
  it.each(['abc', 'mg'] as const)('%s: Chinese when nothing or zh-CN is stored, English otherwise', (family) => {
    expect(editionLanguage(family, null)).toBe('zh-CN');
    expect(editionLanguage(family, 'zh-CN')).toBe('zh-CN');
    expect(editionLanguage(family, 'en')).toBe('en');
    expect(editionLanguage(family, 'ja')).toBe('en');
    expect(editionLanguage(family, 'fr')).toBe('en');
  });

  it('leaves the tab family to language detection', () => {
    expect(editionLanguage('tab', null)).toBeUndefined();
    expect(editionLanguage('tab', 'ja')).toBeUndefined();
  });
});
