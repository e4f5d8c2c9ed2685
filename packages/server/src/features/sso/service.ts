import type { Database } from '../../db/client';
import { createSession, type SignedIn } from '../auth/service';
import { type Identity, memberForIdentity } from '../organization/service';

/** The identity provider vouched for this person: find or create their account and open a session, in one go. */
export function signInWithIdentity(db: Database, identity: Identity): Promise<SignedIn> {
  return db.transaction(async (tx) => {
    const member = await memberForIdentity(tx, identity);
    const session = await createSession(tx, { userId: member.user.id, organizationId: member.organization.id });
    return { member, session };
  });
}
