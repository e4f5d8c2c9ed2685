import type { Database } from '../../db/client';
import { recordAudit } from '../audit/service';

/** The member a sign-in concerns, as any of the organization feature's views of them gives it. */
interface SignInSubject {
  user: { id: string; name: string; email: string };
  organization: { id: string };
}

/** Sign-ins and failed sign-ins of an account go into its organization's audit log, with where they came from. */
export function recordSignIn(
  db: Database,
  member: SignInSubject,
  action: 'user.signed_in' | 'user.sign_in_failed',
  details: Record<string, string | null>,
): Promise<void> {
  return recordAudit(db, {
    organizationId: member.organization.id,
    projectId: null,
    actor: { kind: 'user', id: member.user.id, name: member.user.name },
    action,
    entityType: 'user',
    entityId: member.user.id,
    after: { email: member.user.email, ...details },
  });
}
