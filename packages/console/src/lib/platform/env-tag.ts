import { DEFAULT_ENV_TAG, type EnvTag, envTagApiHost, envTagOf, formatEnvTag, parseEnvTag } from '@tabula/protocol';
import type { EnvConfig } from './env-config';

/** Spec §8: an unreadable developer-tool cookie is reported, and the console carries on with gcp/test. */
export const INVALID_ENV_TAG = `invalid env tag, reset to ${formatEnvTag(DEFAULT_ENV_TAG)}`;

export interface EnvTagChoice {
  tag: EnvTag;
  apiHost: string;
  /** The cookie's value when it named no tag: it must be reset and reported. */
  invalidCookie: string | null;
}

/**
 * Spec §4: production always runs on its own tag. Elsewhere the developer-tool cookie chooses the tag, and without
 * one the page's own platform and environment do (local behaving like test).
 */
export function chooseEnvTag(config: EnvConfig, cookie: string | undefined): EnvTagChoice {
  const own = { tag: envTagOf(config.platform, config.environment), apiHost: config.apiHost, invalidCookie: null };
  if (config.environment === 'prod' || cookie === undefined) return own;
  const chosen = parseEnvTag(cookie);
  if (chosen) return { tag: chosen, apiHost: envTagApiHost(chosen, config.apiHosts), invalidCookie: null };
  return { tag: DEFAULT_ENV_TAG, apiHost: envTagApiHost(DEFAULT_ENV_TAG, config.apiHosts), invalidCookie: cookie };
}
