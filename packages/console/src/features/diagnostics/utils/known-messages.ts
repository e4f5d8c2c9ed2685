import { DEVTOOL_UNAVAILABLE } from '../../../lib/platform/devtool';
import { ENV_CONFIG_ABNORMAL } from '../../../lib/platform/env-config';
import { INVALID_ENV_TAG } from '../../../lib/platform/env-tag';

const KNOWN: [prefix: string, key: string][] = [
  [ENV_CONFIG_ABNORMAL, 'messages.envConfigAbnormal'],
  [INVALID_ENV_TAG, 'messages.invalidEnvTag'],
  [DEVTOOL_UNAVAILABLE, 'messages.devtoolUnavailable'],
];

export interface KnownMessage {
  /** Its translation's key. */
  key: string;
  /** What the report added after the fixed text, e.g. which values were missing. */
  details: string;
}

/** The console's own reports about itself (spec §8) have a translation; anything else is shown as it was sent. */
export function knownMessage(message: string): KnownMessage | undefined {
  const found = KNOWN.find(([prefix]) => message.startsWith(prefix));
  if (!found) return undefined;
  const [prefix, key] = found;
  return { key, details: message.slice(prefix.length).replace(/^[\s:]+/, '') };
}
