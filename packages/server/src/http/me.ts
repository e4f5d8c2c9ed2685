import type { Me } from '@tabula/protocol';
import type { Membership } from '../features/organization/service';
import { iso } from './schemas';

/** The body every sign-in answers with (password, invitation, single sign-on). */
export const toMe = (member: Membership, csrfToken: string, mfaSetupRequired: boolean): Me => ({
  user: { ...member.user, createdAt: iso(member.user.createdAt) },
  organization: member.organization,
  role: member.role,
  csrfToken,
  mfaSetupRequired,
});
