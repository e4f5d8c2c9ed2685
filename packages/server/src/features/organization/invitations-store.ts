import type { Role } from '@tabula/protocol';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invitation, organization, user } from '../../db/schema';
import type { Invitation } from './types';

const invitationColumns = {
  id: invitation.id,
  organizationId: invitation.organizationId,
  role: invitation.role,
  email: invitation.email,
  createdAt: invitation.createdAt,
  expiresAt: invitation.expiresAt,
  createdById: user.id,
  createdByEmail: user.email,
  createdByName: user.name,
};

const selectInvitations = (db: Database) =>
  db.select(invitationColumns).from(invitation).leftJoin(user, eq(user.id, invitation.createdBy));
type InvitationRow = Awaited<ReturnType<typeof selectInvitations>>[number];

const toInvitation = ({ createdById, createdByEmail, createdByName, ...row }: InvitationRow): Invitation => ({
  ...row,
  createdBy: createdById ? { id: createdById, email: createdByEmail!, name: createdByName! } : null,
});

const usable = (now: Date) =>
  and(isNull(invitation.acceptedAt), isNull(invitation.revokedAt), gt(invitation.expiresAt, now));

export async function selectPendingInvitations(db: Database, organizationId: string, now: Date): Promise<Invitation[]> {
  const rows = await selectInvitations(db)
    .where(and(eq(invitation.organizationId, organizationId), usable(now)))
    .orderBy(desc(invitation.createdAt));
  return rows.map(toInvitation);
}

export async function selectInvitation(db: Database, organizationId: string, id: string): Promise<Invitation | null> {
  const [row] = await selectInvitations(db).where(
    and(eq(invitation.organizationId, organizationId), eq(invitation.id, id)),
  );
  return row ? toInvitation(row) : null;
}

/** The invitation behind a link, still usable; locked when accepting so a link is used once. */
export async function selectUsableInvitationByToken(
  db: Database,
  tokenHash: string,
  now: Date,
  options: { lock: boolean },
) {
  const query = db
    .select({
      invitation,
      organization: { id: organization.id, name: organization.name, requireMfa: organization.requireMfa },
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(and(eq(invitation.tokenHash, tokenHash), usable(now)));
  const [row] = options.lock ? await query.for('update', { of: invitation }) : await query;
  return row ?? null;
}

export async function insertInvitation(
  tx: Database,
  row: {
    id: string;
    organizationId: string;
    tokenHash: string;
    role: Role;
    email: string | null;
    createdBy: string;
    expiresAt: Date;
  },
): Promise<void> {
  await tx.insert(invitation).values(row);
}

export async function markInvitation(
  tx: Database,
  id: string,
  change: { acceptedAt: Date } | { revokedAt: Date },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(invitation)
    .set(change)
    .where(and(eq(invitation.id, id), usable(now)))
    .returning({ id: invitation.id });
  return rows.length > 0;
}
