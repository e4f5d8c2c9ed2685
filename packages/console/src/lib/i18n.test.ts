import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backendOptions,
  chooseLanguage,
  detectionOptions,
  followEditionLanguage,
  i18nOptions,
  LANGUAGE_KEY,
  languagesFor,
  lastKeySegment,
  matchLanguage,
} from './i18n';

describe('i18n options (spec §7, §9)', () => {
  it('falls back to English, retries 5 times from 350 ms', () => {
    const options = i18nOptions('r42');
    expect(options).toMatchObject({
      fallbackLng: 'en',
      supportedLngs: ['en', 'zh-CN', 'ja'],
      maxRetries: 5,
      retryTimeout: 350,
    });
  });

  it('loads bundles over HTTP with the release id, behind a 1800 s local-storage cache versioned by it', () => {
    const { backendOptions: [cache, http] = [], retryOnFailure } = backendOptions('r42');
    expect(http).toEqual({ loadPath: '/i18n/console/{{ns}}/{{lng}}.json', queryStringParams: { v: 'r42' } });
    expect(cache).toMatchObject({ expirationTime: 1_800_000, defaultVersion: 'r42' });
    expect(retryOnFailure).toBe(true);
  });

  it('detects hash, query, cookie, local storage, browser, html tag — and writes nothing back', () => {
    expect(detectionOptions).toMatchObject({
      order: ['hash', 'querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
      lookupHash: LANGUAGE_KEY,
      lookupQuerystring: LANGUAGE_KEY,
      lookupCookie: LANGUAGE_KEY,
      lookupLocalStorage: LANGUAGE_KEY,
      caches: [],
      cookieMinutes: 60,
      cookieOptions: { path: '/', sameSite: 'lax' },
    });
  });
});

describe('languages on offer (spec §9)', () => {
  it('are all three in the tab family, Chinese and English elsewhere', () => {
    expect(languagesFor('tab')).toEqual(['en', 'zh-CN', 'ja']);
    expect(languagesFor('abc')).toEqual(['en', 'zh-CN']);
    expect(languagesFor('mg')).toEqual(['en', 'zh-CN']);
  });
});

describe('missing keys (spec §8)', () => {
  it('show their last segment', async () => {
    const instance = i18next.createInstance();
    const { backend: _b, detection: _d, ...options } = i18nOptions('test');
    await instance.init({ ...options, lng: 'ja', resources: { en: { common: { known: 'Known' } } } });

    expect(lastKeySegment('projects:apiKeys.lastUsed')).toBe('lastUsed');
    expect(instance.t('known')).toBe('Known');
    expect(instance.t('apiKeys.neverSeen.createButton')).toBe('createButton');
    expect(instance.t('projects:list.nothing')).toBe('nothing');
    expect(instance.t('verbs.archived', { defaultValue: 'archived it' })).toBe('archived it');
  });
});

describe('language detection', () => {
  afterEach(() => {
    // An expiry in the past, not max-age=0: within the same millisecond happy-dom still lists an empty cookie.
    // biome-ignore lint/suspicious/noDocumentCookie: the detector reads document.cookie, so the test writes it there
    document.cookie = `${LANGUAGE_KEY}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    window.history.replaceState(null, '', '/');
  });

  async function detect(): Promise<string> {
    const instance = i18next.createInstance();
    const { backend: _b, ...options } = i18nOptions('test');
    await instance.use(LanguageDetector).init({ ...options, resources: {} });
    return instance.language;
  }

  it('prefers the query string over the cookie, and the cookie over local storage', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'zh-CN');
    expect(await detect()).toBe('zh-CN');

    // biome-ignore lint/suspicious/noDocumentCookie: the detector reads document.cookie, so the test writes it there
    document.cookie = `${LANGUAGE_KEY}=ja; path=/`;
    expect(await detect()).toBe('ja');

    window.history.replaceState(null, '', `/?${LANGUAGE_KEY}=en`);
    expect(await detect()).toBe('en');
  });

  it('does not store what it detected as if it were chosen', async () => {
    window.history.replaceState(null, '', `/?${LANGUAGE_KEY}=ja`);
    expect(await detect()).toBe('ja');
    expect(document.cookie).not.toContain(LANGUAGE_KEY);
    expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();
  });

  it('maps browser languages by their language subtag', async () => {
    for (const [browser, language] of [
      ['ja-JP', 'ja'],
      ['zh', 'zh-CN'],
      ['zh-Hans', 'zh-CN'],
      ['zh-SG', 'zh-CN'],
      ['zh-TW', 'zh-CN'],
      ['en-GB', 'en'],
    ]) {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue([browser!]);
      expect(await detect(), browser).toBe(language);
    }
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'ja-JP']);
    expect(await detect()).toBe('ja');
  });

  it('keeps a choice in a cookie for an hour and in local storage', async () => {
    await chooseLanguage('ja');
    expect(document.cookie).toContain(`${LANGUAGE_KEY}=ja`);
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('ja');
    expect(await detect()).toBe('ja');
  });

  it('a non-tab edition after a theme change speaks Chinese when the browser, not the person, chose English', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(await detect()).toBe('en');
    await followEditionLanguage('mg');
    expect(i18next.language).toBe('zh-CN');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();
  });
});

describe('browser language tags', () => {
  it('map by language: every Japanese to ja, every Chinese to zh-CN, every English to en; others pass', () => {
    expect(['ja', 'ja-JP', 'zh', 'zh-Hans', 'zh-CN', 'zh-Hant-TW', 'zh_tw', 'en-US', 'EN'].map(matchLanguage)).toEqual([
      'ja',
      'ja',
      'zh-CN',
      'zh-CN',
      'zh-CN',
      'zh-CN',
      'zh-CN',
      'en',
      'en',
    ]);
    expect(matchLanguage('fr-FR')).toBe('fr-FR');
  });
});

describe('loading retries (spec §7)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('i18next retries a failed load 5 times, waiting 350 ms and doubling', async () => {
    vi.useFakeTimers();
    const started = Date.now();
    const attempts: number[] = [];
    const failing: BackendModule = {
      type: 'backend',
      init: () => undefined,
      read: (_language: string, _namespace: string, callback: ReadCallback) => {
        attempts.push(Date.now() - started);
        callback(new Error('unreachable'), true);
      },
    };
    const instance = i18next.createInstance();
    const { backend: _b, detection: _d, ...options } = i18nOptions('test');
    const done = instance.use(failing).init({ ...options, lng: 'en', ns: ['common'] });
    await vi.advanceTimersByTimeAsync(20_000);
    await done;

    expect(attempts).toEqual([0, 350, 1050, 2450, 5250, 10850]);
  });

  it('the configured chain retries too when the server answers 5xx', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async (_url: string) => new Response('down', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const { default: ChainedBackend } = await import('i18next-chained-backend');
    const instance = i18next.createInstance();
    const { detection: _d, ...options } = i18nOptions('r1');
    const done = instance.use(ChainedBackend).init({ ...options, lng: 'en', ns: ['common'] });
    await vi.advanceTimersByTimeAsync(20_000);
    await done;

    expect(fetch).toHaveBeenCalledTimes(6);
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/i18n/console/common/en.json?v=r1');
  });
});
