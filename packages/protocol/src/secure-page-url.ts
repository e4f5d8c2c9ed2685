// Free of zod and of `URL` (this package assumes no DOM or Node globals), like page-url-match.ts: the editor's bundle
// checks addresses with it too.

/**
 * The host of an http address: after any user info, before any port. Browsers end the authority at `\` as at `/`, so
 * `http://evil.example\@localhost/` is evil.example to them and must be here too.
 */
const HTTP_HOST = /^http:\/\/(?:[^/?#\\]*@)?(\[[^\]/?#\\]*\]|[^:/?#\\@]*)(?::\d*)?(?:[/?#\\]|$)/i;

/** Hosts browsers treat as secure contexts over plain http: they never leave the machine. */
function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets?.slice(1).every((octet) => Number(octet) <= 255) ?? false;
}

/**
 * Spec §5 ("Url should be https protocol"), read as browsers read "secure": any https address, and an http address on
 * a loopback host (localhost, *.localhost, 127.0.0.0/8, [::1]), which browsers treat as a secure context. Patterns
 * with `*` are judged the same way: `http://*.localhost/` is secure, a host that is only `*` is not.
 */
export function isSecurePageUrl(text: string): boolean {
  const value = text.trim();
  if (/^https:\/\/[^\s/]+/i.test(value)) return true;
  const host = HTTP_HOST.exec(value)?.[1]?.toLowerCase();
  return host !== undefined && !/\s/.test(value) && isLoopbackHost(host);
}
