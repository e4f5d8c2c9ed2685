import { RUM_PATH } from './transport';

export interface ApiHosts {
  /** The API host the environment tag selects (spec §4). */
  apiHost: string;
  /** The console's own origin, whose `/api` is the product's API too. */
  origin: string;
}

/**
 * Spec §7: the reporter watches calls to the product's API hosts — all of a separate API host, the console's own
 * origin only under `/api` (translations and assets are not API calls) — and never its own reports, which would loop.
 */
export function isWatchedUrl(url: string, hosts: ApiHosts): boolean {
  let target: URL;
  try {
    target = new URL(url, hosts.origin);
  } catch {
    return false;
  }
  if (target.pathname.startsWith(RUM_PATH)) return false;
  if (target.origin === hosts.origin) return target.pathname.startsWith('/api/');
  return target.origin === new URL(hosts.apiHost).origin;
}
