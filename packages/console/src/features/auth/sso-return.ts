import { createEnvelopeStore } from '@tabula/sdk';
import { safeRedirect } from '../../lib/redirect';
import { sessionStorageOrUndefined } from '../../lib/storage';

// Where to land after the identity provider: kept for this tab only, for the length of one round trip.
const store = createEnvelopeStore<string>({
  key: 'tabula.console.sso-return',
  version: 1,
  parse: (data) => (typeof data === 'string' ? data : undefined),
  storage: sessionStorageOrUndefined(),
});

export function rememberSsoReturn(returnTo: string): void {
  store.write(safeRedirect(returnTo));
}

/** Read once: a later, unrelated sign-in must not land on an old page. */
export function takeSsoReturn(fromQuery: string | null): string {
  const remembered = store.read();
  store.clear();
  return safeRedirect(fromQuery ?? remembered);
}

/** Where the round trip to the identity provider starts; the page to come back to stays in this tab. */
export const SSO_START_URL = '/api/v1/auth/sso/start';
