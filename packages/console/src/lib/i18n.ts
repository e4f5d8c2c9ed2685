import type { ProductFamily } from '@tabula/protocol';
import i18next, { type InitOptions } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import ChainedBackend, { type ChainedBackendOptions } from 'i18next-chained-backend';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import LocalStorageBackend, { type LocalStorageBackendOptions } from 'i18next-localstorage-backend';
import { initReactI18next } from 'react-i18next';
import { setDayjsLocale } from './dayjs';
import { readReleaseId } from './env';
import { editionLanguage } from './platform/edition-language';

/** Spec §9: the console speaks these, English by default and as fallback. */
export const LANGUAGES = ['en', 'zh-CN', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const NAMESPACES = [
  'common',
  'auth',
  'projects',
  'organization',
  'audit',
  'settings',
  'account',
  'integration',
  'flags',
  'usage',
  'experiments',
  'metrics',
  'results',
  'platform',
  'webhooks',
  'transfer',
  'changeRequests',
] as const;

/** The cookie, local-storage, query and hash name that carries the chosen language. */
export const LANGUAGE_KEY = 'tabula_lang';

const CACHE_SECONDS = 1800;
const LANGUAGE_COOKIE_SECONDS = 3600;
// i18next waits retryTimeout before the first retry and doubles the wait on each further one (spec §7).
const MAX_RETRIES = 5;
const RETRY_TIMEOUT_MS = 350;

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export function toLanguage(value: string | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** Spec §9: outside the tab family the console speaks Chinese or English only. */
export const languagesFor = (family: ProductFamily): readonly Language[] =>
  family === 'tab' ? LANGUAGES : ['en', 'zh-CN'];

function storedLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Spec §8: a key without a translation shows its last segment, which is at least readable. */
export function lastKeySegment(key: string): string {
  return key.split(/[.:]/).pop() || key;
}

/**
 * A detected tag (browser, cookie, address) by its language subtag: any Japanese is ja, any Chinese is zh-CN — readers
 * of Traditional Chinese (zh-TW, zh-Hant) read Simplified far more readily than English —, any English is en. Others
 * pass unchanged, so i18next tries the browser's next language.
 */
export function matchLanguage(tag: string): string {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'ja') return 'ja';
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en';
  return tag;
}

/** Where a chosen language is kept (spec §9): a cookie for an hour, and local storage. */
const CHOICE_CACHES = ['cookie', 'localStorage'];

/**
 * Spec §9's detection order. What detection finds is not written back (`caches` empty): only a person's own choice is
 * stored (chooseLanguage), so "English was chosen" never means "the browser was English".
 */
export const detectionOptions: DetectorOptions = {
  order: ['hash', 'querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
  lookupHash: LANGUAGE_KEY,
  lookupQuerystring: LANGUAGE_KEY,
  lookupCookie: LANGUAGE_KEY,
  lookupLocalStorage: LANGUAGE_KEY,
  caches: [],
  cookieMinutes: LANGUAGE_COOKIE_SECONDS / 60,
  cookieOptions: { path: '/', sameSite: 'lax' },
  convertDetectedLanguage: matchLanguage,
};

export function backendOptions(releaseId: string): ChainedBackendOptions {
  const cache: LocalStorageBackendOptions = {
    prefix: 'tabula_i18n_',
    expirationTime: CACHE_SECONDS * 1000,
    defaultVersion: releaseId,
  };
  const http: HttpBackendOptions = {
    loadPath: '/i18n/console/{{ns}}/{{lng}}.json',
    queryStringParams: { v: releaseId },
  };
  // Without retryOnFailure the chain would swallow the HTTP backend's "retry me" and i18next would never retry.
  return { backends: [LocalStorageBackend, HttpBackend], backendOptions: [cache, http], retryOnFailure: true };
}

export function i18nOptions(releaseId: string): InitOptions<ChainedBackendOptions> {
  return {
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    maxRetries: MAX_RETRIES,
    retryTimeout: RETRY_TIMEOUT_MS,
    backend: backendOptions(releaseId),
    detection: detectionOptions,
    parseMissingKeyHandler: (key, defaultValue) => defaultValue ?? lastKeySegment(key),
    interpolation: { escapeValue: false },
    returnNull: false,
    // Start-up waits for the bundles (main.tsx), so components never need to suspend for them.
    react: { useSuspense: false },
  };
}

/** The page follows the language: `<html lang>` for assistive technology, dayjs for dates. */
export function applyLanguage(language: string): void {
  const resolved = toLanguage(language);
  document.documentElement.lang = resolved;
  setDayjsLocale(resolved);
}

/** Spec §2 step one. Spec §8: translation failures at start-up are ignored — keys then show their last segment. */
export async function initI18n(family: ProductFamily): Promise<void> {
  i18next.use(ChainedBackend).use(LanguageDetector).use(initReactI18next);
  i18next.on('languageChanged', applyLanguage);
  const lng = editionLanguage(family, storedLanguage());
  try {
    await i18next.init({ ...i18nOptions(readReleaseId()), ...(lng ? { lng } : {}) });
  } catch {
    // The app renders without translations rather than not at all.
  }
}

export const currentLanguage = (): Language => toLanguage(i18next.resolvedLanguage ?? i18next.language);

/** Writes a choice with detection's own cookie and storage settings, where detection then finds it. */
const choiceStore = new LanguageDetector(undefined, detectionOptions);

/** A person's own choice (the language select): shown, and kept where detection looks for it. */
export async function chooseLanguage(language: Language): Promise<void> {
  choiceStore.cacheUserLanguage(language, CHOICE_CACHES);
  await i18next.changeLanguage(language);
}

/**
 * When the edition changes while the console runs (a theme picked in settings), its language rule applies again. The
 * language it switches to is the edition's, not the person's choice: it is not stored.
 */
export async function followEditionLanguage(family: ProductFamily): Promise<void> {
  const language = editionLanguage(family, storedLanguage());
  if (language && language !== currentLanguage()) await i18next.changeLanguage(language);
}
