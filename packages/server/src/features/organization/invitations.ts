import { INVITATION_TTL_DAYS, type Role } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { randomToken, sha256Hex } from '../../lib/tokens';
import { recordAudit } from '../audit/service';
import {
  insertInvitation,
  markInvitation,
  selectInvitation,
  selectPendingInvitations,
  selectUsableInvitationByToken,
} from './invitations-store';
import type { ActingMember, Invitation, InvitationPreview, Membership, NewUser } from './types';
import { EMAIL_TAKEN, joinOrganization } from './users';
import { emailTaken } from './users-store';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_LINK = 'Invitation not found: it may have expired, been used or been revoked';

export const listPendingInvitations = (db: Database, organizationId: string): Promise<Invitation[]> =>
  selectPendingInvitations(db, organizationId, new Date());

/** The token is shown once, inside the link; only its hash is kept. */
export async function createInvitation(
  tx: Database,
  actor: ActingMember,
  input: { role: Role; email: string | null },
): Promise<{ invitation: Invitation; token: string }> {
  if (input.role === 'owner' && actor.role !== 'owner') throw forbidden('Only an owner can invite an owner');
  if (input.email && (await emailTaken(tx, input.email))) throw conflict(EMAIL_TAKEN);
  const token = randomToken(32);
  const id = newId();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
  const { organizationId, userId } = actor;
  await insertInvitation(tx, {
    id,
    organizationId,
    tokenHash: sha256Hex(token),
    createdBy: userId,
    expiresAt,
    ...input,
  });
  await recordAudit(tx, {
    organizationId,
    projectId: null,
    actor: { kind: 'user', id: userId, name: actor.name },
    action: 'invitation.created',
    entityType: 'invitation',
    entityId: id,
    after: input,
  });
  return { invitation: (await selectInvitation(tx, organizationId, id))!, token };
}

export async function revokeInvitation(tx: Database, actor: ActingMember, id: string): Promise<void> {
  const invitation = await selectInvitation(tx, actor.organizationId, id);
  if (!invitation || !(await markInvitation(tx, id, { revokedAt: new Date() }, new Date()))) {
    throw notFound('Invitation');
  }
  await recordAudit(tx, {
    organizationId: actor.organizationId,
    projectId: null,
    actor: { kind: 'user', id: actor.userId, name: actor.name },
    action: 'invitation.revoked',
    entityType: 'invitation',
    entityId: id,
    before: { role: invitation.role, email: invitation.email },
  });
}

export async function previewInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const found = await selectUsableInvitationByToken(db, sha256Hex(token), new Date(), { lock: false });
  if (!found) throw new AppError('not_found', INVALID_LINK);
  const { invitation, organization } = found;
  return {
    organizationName: organization.name,
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.expiresAt,
  };
}

export async function acceptInvitation(tx: Database, token: string, newUser: NewUser): Promise<Membership> {
  const now = new Date();
  const found = await selectUsableInvitationByToken(tx, sha256Hex(token), now, { lock: true });
  if (!found) throw new AppError('not_found', INVALID_LINK);
  const { invitation, organization } = found;
  if (invitation.email && invitation.email !== newUser.email) {
    throw invalidField('email', `This invitation is for ${invitation.email}: sign up with that address`);
  }
  const member = await joinOrganization(tx, organization, newUser, {
    role: invitation.role,
    via: { invitationId: invitation.id },
  });
  await markInvitation(tx, invitation.id, { acceptedAt: now }, now);
  return member;
}
