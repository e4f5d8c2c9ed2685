import type { Database } from '../../db/client';
import { openSession, type SessionOrigin, type SignedIn } from '../auth/service';
import { type Identity, memberForIdentity } from '../organization/service';

/**
 * The identity provider vouched for this person: find or create their account, then open a session. The provider's
 * own checks (its second factor included) stand for Tabula's.
 */
export async function signInWithIdentity(
  db: Database,
  identity: Identity,
  origin: Omit<SessionOrigin, 'via'>,
): Promise<SignedIn> {
  const member = await db.transaction((tx) => memberForIdentity(tx, identity));
  return openSession(db, member, { ...origin, via: 'sso' });
}
