import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membership, organization, session, user } from '../../db/schema';

export async function insertSession(
  tx: Database,
  row: {
    id: string;
    tokenHash: string;
    userId: string;
    organizationId: string;
    csrfToken: string;
    expiresAt: Date;
    via: string;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<void> {
  await tx.insert(session).values({ ...row, lastSeenAt: new Date() });
}

/** A live session with what each request needs to know about its user, in one query. */
export async function selectLiveSession(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: session.id,
      userId: session.userId,
      organizationId: session.organizationId,
      csrfToken: session.csrfToken,
      lastSeenAt: session.lastSeenAt,
      name: user.name,
      role: membership.role,
      via: session.via,
      mfaEnabled: sql<boolean>`${user.totpEnabledAt} is not null`,
      requireMfa: organization.requireMfa,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(
      membership,
      and(eq(membership.userId, session.userId), eq(membership.organizationId, session.organizationId)),
    )
    .innerJoin(organization, eq(organization.id, session.organizationId))
    .where(and(eq(session.tokenHash, tokenHash), gt(session.expiresAt, now)));
  return row ?? null;
}

export async function extendSession(db: Database, id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
  await db.update(session).set({ lastSeenAt, expiresAt }).where(eq(session.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(session).where(eq(session.id, id));
}
