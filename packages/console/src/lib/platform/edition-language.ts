import type { ProductFamily } from '@tabula/protocol';

/**
 * Spec §9: non-tab editions speak Chinese when the stored language key is absent or zh-CN, otherwise English; the
 * tab family leaves the choice to detection (undefined).
 */
export function editionLanguage(family: ProductFamily, stored: string | null): 'zh-CN' | 'en' | undefined {
  if (family === 'tab') return undefined;
  return stored === null || stored === 'zh-CN' ? 'zh-CN' : 'en';
}
