/**
 * The script element the SDK was loaded by, and its address ('' in Node, in a module, for an inline script).
 * document.currentScript is only set while the script first runs, so it is read once, at load.
 */
export const SCRIPT = globalThis.document?.currentScript as HTMLScriptElement | null | undefined;
export const SCRIPT_URL: string = SCRIPT?.src || '';
