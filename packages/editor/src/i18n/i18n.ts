import i18next, { type InitOptions, type i18n } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import ChainedBackend, { type ChainedBackendOptions } from 'i18next-chained-backend';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import LocalStorageBackend, { type LocalStorageBackendOptions } from 'i18next-localstorage-backend';
import { initReactI18next } from 'react-i18next';
import {
  EDITOR_DEFAULT_LANGUAGE,
  EDITOR_I18N_CACHE_SECONDS,
  EDITOR_LANGUAGES,
  resolveEditorLanguage,
} from './language';

export const EDITOR_NAMESPACE = 'editor';
/** The app id the server keeps the editor's translation bundles under (the console's is `console`). */
const EDITOR_APP_ID = 'editor';
/** Set by the build to a hash of the translations (scripts/build.mjs). */
declare const EDITOR_I18N_VERSION: string;
/** The cookie, local-storage, query and hash name the console also reads the chosen language from. */
const LANGUAGE_KEY = 'tabula_lang';
// Spec §7: up to 5 retries, the first after 350 ms, each further one waiting twice as long (i18next's own doubling).
const MAX_RETRIES = 5;
const RETRY_TIMEOUT_MS = 350;

/** Spec §8: a key without a translation shows its last segment. */
export const lastKeySegment = (key: string): string => key.split(/[.:]/).pop() || key;

/**
 * Spec §9's detection order. Nothing is written back: the page is the customer's, and its cookies and storage are
 * not the editor's to fill with a language.
 */
const detection: DetectorOptions = {
  order: ['hash', 'querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
  lookupHash: LANGUAGE_KEY,
  lookupQuerystring: LANGUAGE_KEY,
  lookupCookie: LANGUAGE_KEY,
  lookupLocalStorage: LANGUAGE_KEY,
  caches: [],
  convertDetectedLanguage: resolveEditorLanguage,
};

export function editorI18nOptions(): InitOptions {
  return {
    supportedLngs: [...EDITOR_LANGUAGES],
    fallbackLng: EDITOR_DEFAULT_LANGUAGE,
    load: 'currentOnly',
    ns: [EDITOR_NAMESPACE],
    defaultNS: EDITOR_NAMESPACE,
    maxRetries: MAX_RETRIES,
    retryTimeout: RETRY_TIMEOUT_MS,
    parseMissingKeyHandler: (key, defaultValue) => defaultValue ?? lastKeySegment(key),
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  };
}

/**
 * Spec §7: the editor's translations come from the server it was loaded from, by app id, version, namespace and
 * language, and are kept for a day (spec §9). The version is in the address and in the cache's entries: an upgrade's
 * texts are fetched at once, never read from the previous version's cache.
 */
export function backendOptions(serverOrigin: string, version: string): ChainedBackendOptions {
  const cache: LocalStorageBackendOptions = {
    prefix: 'tabula_editor_i18n_',
    expirationTime: EDITOR_I18N_CACHE_SECONDS * 1000,
    defaultVersion: version,
  };
  const http: HttpBackendOptions = {
    loadPath: `${serverOrigin}/i18n/${EDITOR_APP_ID}/{{ns}}/{{lng}}.json`,
    queryStringParams: { v: version },
  };
  return { backends: [LocalStorageBackend, HttpBackend], backendOptions: [cache, http], retryOnFailure: true };
}

/**
 * An i18next of the editor's own, apart from any the page runs. Spec §8: a failure to load the translations is
 * ignored; keys then show their last segment.
 */
export async function createEditorI18n(serverOrigin: string): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(ChainedBackend).use(LanguageDetector).use(initReactI18next);
  try {
    await instance.init<ChainedBackendOptions>({
      ...editorI18nOptions(),
      detection,
      backend: backendOptions(serverOrigin, EDITOR_I18N_VERSION),
    });
  } catch {
    // The editor works in any language; it just reads less well.
  }
  return instance;
}
