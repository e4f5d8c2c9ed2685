// The snippet build (dist/tabula.js): an IIFE whose only trace on the page is `window.Tabula`. Assigned here rather
// than through esbuild's globalName, whose export wrapper would cost the page a few hundred bytes.
import { bucket } from '../core';
import { createClient } from './client';
import { clientFromScriptTag } from './script-tag';
import { SCRIPT } from './script-url';

/** The client the snippet's data attributes asked for, if any: `Tabula.client`. */
function scriptTagClient() {
  try {
    return clientFromScriptTag(SCRIPT);
  } catch {
    return undefined;
  }
}

(globalThis as { Tabula?: object }).Tabula = { bucket, createClient, client: scriptTagClient() };
