import type { Role } from '@tabula/protocol';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membership, user } from '../../db/schema';

export interface MemberRow {
  user: { id: string; email: string; name: string };
  role: Role;
  joinedAt: Date;
}

const memberColumns = {
  user: { id: user.id, email: user.email, name: user.name },
  role: membership.role,
  joinedAt: membership.createdAt,
};

export async function selectMembers(db: Database, organizationId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(membership)
    .innerJoin(user, eq(user.id, membership.userId))
    .where(eq(membership.organizationId, organizationId))
    .orderBy(asc(membership.createdAt), asc(user.email));
}

/** Locks the membership row, so two concurrent role changes cannot both pass the owner rules. */
export async function selectMemberForUpdate(tx: Database, organizationId: string, userId: string) {
  const [row] = await tx
    .select(memberColumns)
    .from(membership)
    .innerJoin(user, eq(user.id, membership.userId))
    .where(and(eq(membership.organizationId, organizationId), eq(membership.userId, userId)))
    .for('update', { of: membership });
  return row ?? null;
}

export async function lockOwners(tx: Database, organizationId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: membership.userId })
    .from(membership)
    .where(and(eq(membership.organizationId, organizationId), eq(membership.role, 'owner')))
    .orderBy(asc(membership.userId))
    .for('update');
  return rows.map((row) => row.userId);
}

export async function updateRole(tx: Database, organizationId: string, userId: string, role: Role): Promise<void> {
  await tx
    .update(membership)
    .set({ role, roleChangedAt: sql`now()` })
    .where(and(eq(membership.organizationId, organizationId), eq(membership.userId, userId)));
}
