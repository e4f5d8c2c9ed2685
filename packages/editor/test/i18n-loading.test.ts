import { afterEach, describe, expect, it, vi } from 'vitest';
import { backendOptions, createEditorI18n } from '../src/i18n/i18n';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('editor translation bundles (spec §7, §9)', () => {
  it('load by app id, namespace and language, with the version in the address and in the day-long cache', () => {
    const { backendOptions: [cache, http] = [], retryOnFailure } = backendOptions('https://ab.example', '1a2b');
    expect(http).toEqual({
      loadPath: 'https://ab.example/i18n/editor/{{ns}}/{{lng}}.json',
      queryStringParams: { v: '1a2b' },
    });
    expect(cache).toMatchObject({ expirationTime: 86_400_000, defaultVersion: '1a2b' });
    expect(retryOnFailure).toBe(true);
  });

  it('after an upgrade, fetch the new texts instead of reading the previous version from the cache', async () => {
    // What the previous version cached an hour ago: it lacks a text the new version has.
    localStorage.setItem(
      'tabula_editor_i18n_zh-CN-editor',
      JSON.stringify({ save: '保存', i18nStamp: Date.now() - 3_600_000, i18nVersion: 'previous' }),
    );
    const fetch = vi.fn(async (_url: string) => Response.json({ save: '保存', recheck: '重新检测' }));
    vi.stubGlobal('fetch', fetch);
    history.replaceState(null, '', '/?tabula_lang=zh-CN');

    const i18n = await createEditorI18n('https://ab.example');
    history.replaceState(null, '', '/');

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('https://ab.example/i18n/editor/editor/zh-CN.json?v=test');
    expect(i18n.t('recheck')).toBe('重新检测');
    expect(JSON.parse(localStorage.getItem('tabula_editor_i18n_zh-CN-editor')!)).toMatchObject({ i18nVersion: 'test' });
  });
});
