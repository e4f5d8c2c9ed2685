import { countryCodeSchema } from '@tabula/protocol';

/**
 * The visitor's country from the first of `names` (TABULA_COUNTRY_HEADER) the request has, as an ISO 3166-1 alpha-2 code; null when none
 * holds one. CDNs write placeholders for unknown places (Cloudflare "XX", Tor "T1", App Engine "ZZ"): not countries.
 */
export function countryFromHeaders(
  headers: Record<string, string | string[] | undefined>,
  names: readonly string[],
): string | null {
  for (const name of names) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (!value) continue;
    if (value === 'XX' || value === 'ZZ' || value === 'T1') return null;
    return countryCodeSchema.safeParse(value).success ? value : null;
  }
  return null;
}
