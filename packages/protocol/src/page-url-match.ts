// Free of zod, like everything the snippet bundle imports from this package: the SDK matches visual experiments' pages
// with the same function the server counts page views with.
/** How an experiment's page address is matched (below). */
export const PAGE_MATCHES = ['exact', 'fuzzy'] as const;
export type PageMatch = (typeof PAGE_MATCHES)[number];

/**
 * An absolute address split into scheme, host, path, query and fragment. Split by hand rather than with `URL`, so a
 * pattern with `*` in its host (`https://*.shop.example/`) splits the same way as a real address.
 */
const URL_PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)([^?#]*)(\?[^#]*)?(#.*)?$/i;
const DEFAULT_PORTS: Record<string, RegExp> = { http: /:80$/, https: /:443$/ };

/** The scheme of an absolute address, in lower case; undefined for anything else. */
export const urlScheme = (text: string): string | undefined => URL_PARTS.exec(text.trim())?.[1]?.toLowerCase();

/**
 * What a match type compares of an address: exact, all of it; fuzzy, host and path without a trailing slash. Scheme and
 * host in lower case, without the scheme's default port. Null for an address that is not absolute.
 */
export function comparedPageUrl(text: string, match: PageMatch): string | null {
  const parts = URL_PARTS.exec(text.trim());
  if (!parts) return null;
  const scheme = parts[1]!.toLowerCase();
  // Browsers leave the default port out of location.href; a pattern that spells it out means the same page.
  const host = parts[2]!.toLowerCase().replace(DEFAULT_PORTS[scheme] || '', '');
  const path = parts[3] || '/';
  return match === 'exact'
    ? `${scheme}://${host}${path}${parts[4] || ''}${parts[5] || ''}`
    : host + path.replace(/(.)\/$/, '$1');
}

/**
 * Whether a page address matches a page pattern — the one rule for visual experiments' pages and page-view metrics.
 * - exact: the whole address, query and #fragment included;
 * - fuzzy: the same host and path, whatever the scheme, query or #fragment, and with or without a trailing slash.
 * In both, `*` in the pattern stands for any run of characters (none included); every other character stands for
 * itself. Scheme and host compare without regard to case, the rest as written. An address or pattern that is not
 * absolute matches nothing.
 */
export function pageUrlMatches(pattern: string, match: PageMatch, url: string): boolean {
  const wanted = comparedPageUrl(pattern, match);
  const actual = comparedPageUrl(url, match);
  if (wanted === null || actual === null) return false;
  // Every character but letters, digits and `_` escaped, which a regular expression without the u flag reads as itself.
  const source = wanted.replace(/\W/g, (character) => (character === '*' ? '.*' : `\\${character}`));
  return new RegExp(`^${source}$`).test(actual);
}
