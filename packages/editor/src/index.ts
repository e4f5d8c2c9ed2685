export type { EditorLanguage } from './i18n/language';
export {
  EDITOR_DEFAULT_LANGUAGE,
  EDITOR_I18N_CACHE_SECONDS,
  EDITOR_LANGUAGES,
  resolveEditorLanguage,
} from './i18n/language';
