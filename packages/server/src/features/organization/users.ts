import type { Role } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { conflict } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { recordAudit } from '../audit/service';
import type { Membership, NewUser, Organization } from './types';
import { emailTaken, insertMembership, insertOrganization, insertUser } from './users-store';

export const EMAIL_TAKEN = 'An account with this email already exists: sign in instead';

export async function addUserToOrganization(
  tx: Database,
  organization: Organization,
  newUser: NewUser,
  role: Role,
): Promise<Membership> {
  // Checked first for a clear message; the unique index still settles a race (mapped to 409).
  if (await emailTaken(tx, newUser.email)) throw conflict(EMAIL_TAKEN);
  const user = await insertUser(tx, newId(), newUser);
  const row = await insertMembership(tx, organization.id, user.id, role);
  return { user, organization, role, joinedAt: row.createdAt };
}

/** A newcomer to an existing organization, audited with how they came in (an invitation, single sign-on). */
export async function joinOrganization(
  tx: Database,
  organization: Organization,
  newUser: NewUser,
  entry: { role: Role; via: Record<string, string> },
): Promise<Membership> {
  const member = await addUserToOrganization(tx, organization, newUser, entry.role);
  await recordAudit(tx, {
    organizationId: organization.id,
    projectId: null,
    actor: { kind: 'user', id: member.user.id, name: member.user.name },
    action: 'member.joined',
    entityType: 'member',
    entityId: member.user.id,
    after: { email: member.user.email, role: member.role, ...entry.via },
  });
  return member;
}

/** Sign-up: a new organization whose first member owns it. */
export async function createOrganizationWithOwner(
  tx: Database,
  input: { organizationName: string; owner: NewUser },
): Promise<Membership> {
  const organization = await insertOrganization(tx, newId(), input.organizationName);
  const member = await addUserToOrganization(tx, organization, input.owner, 'owner');
  await recordAudit(tx, {
    organizationId: organization.id,
    projectId: null,
    actor: { kind: 'user', id: member.user.id, name: member.user.name },
    action: 'organization.created',
    entityType: 'organization',
    entityId: organization.id,
    after: { name: organization.name, owner: member.user.email },
  });
  return member;
}
