import type { Database } from '../../db/client';
import type { Credentials, Membership } from './types';
import { anyUserExists, selectCredentialsByEmail, selectMembership } from './users-store';

export {
  acceptInvitation,
  createInvitation,
  listPendingInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations';
export { changeMemberRole, listMembers, type MemberRow, removeMember } from './members';
export { type Identity, memberForIdentity, SSO_NEWCOMER_ROLE } from './sso-accounts';
export type * from './types';
export { addUserToOrganization, createOrganizationWithOwner } from './users';

export const hasAnyUser = (db: Database): Promise<boolean> => anyUserExists(db);

export const findCredentials = (db: Database, email: string): Promise<Credentials | null> =>
  selectCredentialsByEmail(db, email);

export const findMembership = (db: Database, userId: string): Promise<Membership | null> =>
  selectMembership(db, userId);
