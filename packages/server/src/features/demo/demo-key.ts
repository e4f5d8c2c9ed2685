import type { ApiKey } from '../api-keys/service';
import { DEMO_KEY_NAME } from './seed';

/**
 * The sample project is the one holding the client key its seed made: the project has no mark of its own, and the key
 * is what /demo?key=… needs anyway. Null when it was revoked (the demo page would refuse it) or never there.
 */
export const demoClientKeyOf = (keys: ApiKey[]): string | null =>
  keys.find((key) => key.kind === 'client' && key.name === DEMO_KEY_NAME && !key.revokedAt)?.clientKey ?? null;
