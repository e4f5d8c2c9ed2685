import type { Role } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError, conflict } from '../../http/app-error';
import type { Membership } from './types';
import { createOrganizationWithOwner, joinOrganization } from './users';
import {
  selectCredentialsByEmail,
  selectFirstOrganization,
  selectMembershipBySubject,
  setOidcSubject,
} from './users-store';

/** What an identity provider vouches for after a sign-in. */
export interface Identity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** People who arrive through single sign-on may look around; an admin decides what more they may do. */
export const SSO_NEWCOMER_ROLE: Role = 'viewer';

/**
 * The member an identity stands for. The first sign-in links an existing account with the same email (only when the
 * provider verified that email: anyone can type any address into an unverified profile), or creates the account:
 * in the instance's organization, or as the owner of a new one on an empty instance.
 */
export async function memberForIdentity(tx: Database, identity: Identity): Promise<Membership> {
  const known = await selectMembershipBySubject(tx, identity.subject);
  if (known) return known;
  if (!identity.email) {
    throw new AppError(
      'forbidden',
      'The identity provider shared no email address: allow the "email" scope for Tabula',
    );
  }
  const existing = await selectCredentialsByEmail(tx, identity.email);
  if (existing) {
    if (!identity.emailVerified) {
      throw conflict('An account with this email already exists and the identity provider has not verified the email');
    }
    await setOidcSubject(tx, existing.user.id, identity.subject);
    const { passwordHash: _, ...member } = existing;
    return member;
  }
  const newUser = {
    email: identity.email,
    name: identity.name ?? identity.email.split('@')[0]!,
    passwordHash: null,
    oidcSubject: identity.subject,
  };
  const organization = await selectFirstOrganization(tx);
  if (!organization) {
    return createOrganizationWithOwner(tx, { organizationName: identity.email.split('@')[1]!, owner: newUser });
  }
  return joinOrganization(tx, organization, newUser, { role: SSO_NEWCOMER_ROLE, via: { via: 'single sign-on' } });
}
