import type { Config } from '../../config';

export type ConsoleOrigins = Pick<Config, 'publicUrl' | 'editions'>;

function originOf(address: string | undefined): URL | null {
  if (!address) return null;
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/**
 * Whether a report comes from a console page this server serves: the public URL's origin, or any host the editions
 * map names (spec §1). Browsers send Origin with every POST; Referer stands in when a privacy setting drops it.
 */
export function isConsoleOrigin(headers: { origin?: string; referer?: string }, allowed: ConsoleOrigins): boolean {
  const source = originOf(headers.origin) ?? originOf(headers.referer);
  if (!source || (source.protocol !== 'http:' && source.protocol !== 'https:')) return false;
  if (source.origin === new URL(allowed.publicUrl).origin) return true;
  return Object.hasOwn(allowed.editions, source.hostname);
}
