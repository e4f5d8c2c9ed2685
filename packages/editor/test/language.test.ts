import { describe, expect, it } from 'vitest';
import { resolveEditorLanguage } from '../src';

describe('editor language (spec §9)', () => {
  it('keeps English when English is asked for', () => {
    expect(resolveEditorLanguage('en')).toBe('en');
    expect(resolveEditorLanguage('en-US')).toBe('en');
    expect(resolveEditorLanguage(' EN_gb ')).toBe('en');
  });

  it('defaults and falls back to Chinese', () => {
    for (const tag of ['zh-CN', 'zh-TW', 'zh', 'ja', 'fr-FR', '', null, undefined]) {
      expect(resolveEditorLanguage(tag)).toBe('zh-CN');
    }
  });
});
