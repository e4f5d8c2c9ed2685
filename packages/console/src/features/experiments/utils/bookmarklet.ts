import { usePlatformStore } from '../../../lib/platform/platform';

/**
 * The server the editor's bundle comes from: the API host the console calls (spec §4 environment tags), which serves
 * `/sdk/editor.js` beside the API.
 */
export function editorServerOrigin(pageOrigin: string = globalThis.location.origin): string {
  try {
    return new URL(usePlatformStore.getState().apiHost || pageOrigin).origin;
  } catch {
    return pageOrigin;
  }
}

/**
 * A bookmark that opens the visual editor on whatever page is showing: it adds the editor's script tag, with the
 * token on it, as the SDK and the extension do.
 */
export function editorBookmarklet(serverOrigin: string, token: string): string {
  const code = [
    'var s=document.createElement("script");',
    `s.src=${JSON.stringify(`${serverOrigin}/sdk/editor.js`)};`,
    `s.dataset.token=${JSON.stringify(token)};`,
    'document.documentElement.appendChild(s);',
  ].join('');
  return `javascript:(function(){${encodeURIComponent(code)}})();`;
}
