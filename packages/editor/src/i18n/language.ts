/** Spec §9: the editor plugin speaks Chinese and English only, and defaults and falls back to Chinese. */
export const EDITOR_LANGUAGES = ['zh-CN', 'en'] as const;
export type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];
export const EDITOR_DEFAULT_LANGUAGE: EditorLanguage = 'zh-CN';
/** Spec §9: the editor caches its translation resources for a day. */
export const EDITOR_I18N_CACHE_SECONDS = 86_400;

/** Maps any detected language tag (cookie, storage, browser) to one the editor has. */
export function resolveEditorLanguage(tag: string | null | undefined): EditorLanguage {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'en' ? 'en' : EDITOR_DEFAULT_LANGUAGE;
}
