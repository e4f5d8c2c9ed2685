import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/editor.json' with { type: 'json' };
import { EDITOR_NAMESPACE, editorI18nOptions } from '../src/i18n/i18n';

/** The editor's own options, with the English bundle in memory instead of over HTTP. */
export async function englishI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .init({ ...editorI18nOptions(), lng: 'en', resources: { en: { [EDITOR_NAMESPACE]: en } } });
  return instance;
}
