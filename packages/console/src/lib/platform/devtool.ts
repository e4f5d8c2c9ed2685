import { type DeployEnv, type EnvTag, formatEnvTag } from '@tabula/protocol';

/** Spec §8, quoted: what the developer tool throws in production. */
export const DEVTOOL_UNAVAILABLE = 'environment abnormal, cannot use devtool features';

export class DevtoolUnavailableError extends Error {
  override readonly name = 'DevtoolUnavailableError';

  constructor() {
    super(DEVTOOL_UNAVAILABLE);
  }
}

/** The developer-tool cookie that chooses the environment tag (spec §4); spec §9: cookie path is /. */
export const ENV_TAG_COOKIE = 'tabula_env_tag';
const ENV_TAG_COOKIE_SECONDS = 30 * 24 * 60 * 60;

/** Spec §4: the developer tool works outside production only. */
export function assertDevtoolAvailable(environment: DeployEnv): void {
  if (environment === 'prod') throw new DevtoolUnavailableError();
}

/** The cookie's value in a `document.cookie` string; undefined when it is not set, or set to nothing. */
export function readEnvTagCookie(cookies: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== ENV_TAG_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(value) || undefined;
    } catch {
      return value;
    }
  }
  return undefined;
}

/** What to assign to `document.cookie` to choose a tag, or to forget the choice (null). */
export function envTagCookie(tag: EnvTag | null): string {
  const value = tag ? encodeURIComponent(formatEnvTag(tag)) : '';
  const maxAge = tag ? ENV_TAG_COOKIE_SECONDS : 0;
  return `${ENV_TAG_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax`;
}

/** The developer tool's one action: choose the tag for the next page load, or go back to the page's own (null). */
export function chooseEnvTagCookie(environment: DeployEnv, tag: EnvTag | null, doc: Document = document): void {
  assertDevtoolAvailable(environment);
  doc.cookie = envTagCookie(tag);
}
