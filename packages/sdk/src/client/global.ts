// The snippet build (dist/tabula.js): esbuild wraps this module in an IIFE whose exports become `window.Tabula`.
import { clientFromScriptTag } from './script-tag';

export { bucket } from '../core';
export { createClient } from './client';

/** The client the snippet's data attributes asked for, if any: `Tabula.client`. */
export const client = (() => {
  try {
    return clientFromScriptTag(typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement));
  } catch {
    return undefined;
  }
})();
