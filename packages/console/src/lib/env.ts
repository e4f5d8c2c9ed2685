/** Everything the console learns from the page the server sends, read once. */

export const API_PREFIX = '/api/v1';
/** Spec §7 puts the identity-provider token exchange under the auth API, outside the versioned prefix. */
export const AUTH_API_PREFIX = '/api';

// Without the server's meta tag (vite dev server, tests) translations are still cached, just under a fixed name.
const UNRELEASED = 'dev';

/** Spec §7: the release id comes from `<meta name="x-release-id">`; it versions the translation cache. */
export function readReleaseId(doc: Document = document): string {
  const content = doc.querySelector('meta[name="x-release-id"]')?.getAttribute('content')?.trim();
  return content || UNRELEASED;
}
