/**
 * Spec §4: the environment tag selects the API host the console calls. A host on the page's own origin stays out of
 * the URL, so the console served by its API server keeps plain same-origin paths.
 */
export function apiBaseUrl(prefix: string, apiHost: string, pageOrigin: string): string {
  let origin: string;
  try {
    origin = new URL(apiHost).origin;
  } catch {
    return prefix;
  }
  return origin === pageOrigin ? prefix : `${origin}${prefix}`;
}
