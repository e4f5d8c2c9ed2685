import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membership, organization, passwordReset, recoveryCode, session, user } from '../../db/schema';

/** What signing in and the second factor need to know of an account. */
export async function selectAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      passwordHash: user.passwordHash,
      totpSecret: user.totpSecret,
      totpEnabledAt: user.totpEnabledAt,
      totpLastStep: user.totpLastStep,
      organizationId: membership.organizationId,
      requireMfa: organization.requireMfa,
    })
    .from(user)
    .innerJoin(membership, eq(membership.userId, user.id))
    .innerJoin(organization, eq(organization.id, membership.organizationId))
    .where(eq(user.id, userId));
  return row ?? null;
}
export type Account = NonNullable<Awaited<ReturnType<typeof selectAccount>>>;

export async function updatePasswordHash(tx: Database, userId: string, passwordHash: string): Promise<void> {
  await tx.update(user).set({ passwordHash }).where(eq(user.id, userId));
}

export async function updateTotp(
  tx: Database,
  userId: string,
  totp: { totpSecret: string | null; totpEnabledAt: Date | null; totpLastStep: number | null },
): Promise<void> {
  await tx.update(user).set(totp).where(eq(user.id, userId));
}

/**
 * Records the step of a code just taken, only if it is later than the last one: of two requests racing with the same
 * code, one wins.
 */
export async function claimTotpStep(tx: Database, userId: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(user)
    .set({ totpLastStep: step })
    .where(and(eq(user.id, userId), sql`coalesce(${user.totpLastStep}, -1) < ${step}`))
    .returning({ id: user.id });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  tx: Database,
  userId: string,
  codes: { id: string; codeHash: string }[],
): Promise<void> {
  await tx.delete(recoveryCode).where(eq(recoveryCode.userId, userId));
  if (codes.length > 0) await tx.insert(recoveryCode).values(codes.map((code) => ({ ...code, userId })));
}

/** Uses the code if it is the user's and unused; true when this call used it. */
export async function spendRecoveryCode(tx: Database, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(recoveryCode)
    .set({ usedAt: now })
    .where(and(eq(recoveryCode.userId, userId), eq(recoveryCode.codeHash, codeHash), isNull(recoveryCode.usedAt)))
    .returning({ id: recoveryCode.id });
  return rows.length === 1;
}

export async function selectSessions(db: Database, userId: string, now: Date) {
  return db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      userAgent: session.userAgent,
      ip: session.ip,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.lastSeenAt));
}

/** Ends one session of the user; false when it is not theirs (or already ended). */
export async function deleteUserSession(tx: Database, userId: string, sessionId: string): Promise<boolean> {
  const rows = await tx
    .delete(session)
    .where(and(eq(session.userId, userId), eq(session.id, sessionId)))
    .returning({ id: session.id });
  return rows.length === 1;
}

/** Ends every session of the user but `keep` (none kept when null). */
export async function deleteUserSessions(tx: Database, userId: string, keep: string | null): Promise<number> {
  const rows = await tx
    .delete(session)
    .where(keep === null ? eq(session.userId, userId) : and(eq(session.userId, userId), ne(session.id, keep)))
    .returning({ id: session.id });
  return rows.length;
}

export async function insertPasswordReset(
  tx: Database,
  row: { id: string; organizationId: string; userId: string; tokenHash: string; createdBy: string; expiresAt: Date },
): Promise<void> {
  // One link at a time: a new one voids those handed out before.
  await tx.delete(passwordReset).where(and(eq(passwordReset.userId, row.userId), isNull(passwordReset.usedAt)));
  await tx.insert(passwordReset).values(row);
}

/** A reset link that is unused and not expired, with its account's email. */
export async function selectLivePasswordReset(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: passwordReset.id,
      userId: passwordReset.userId,
      organizationId: passwordReset.organizationId,
      email: user.email,
      name: user.name,
      expiresAt: passwordReset.expiresAt,
    })
    .from(passwordReset)
    .innerJoin(user, eq(user.id, passwordReset.userId))
    .where(and(eq(passwordReset.tokenHash, tokenHash), isNull(passwordReset.usedAt), gt(passwordReset.expiresAt, now)));
  return row ?? null;
}

/** Marks the link used; false when another request used it first. */
export async function consumePasswordReset(tx: Database, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(passwordReset)
    .set({ usedAt: now })
    .where(and(eq(passwordReset.id, id), isNull(passwordReset.usedAt)))
    .returning({ id: passwordReset.id });
  return rows.length === 1;
}

export async function updateRequireMfa(tx: Database, organizationId: string, requireMfa: boolean) {
  const [row] = await tx
    .update(organization)
    .set({ requireMfa })
    .where(eq(organization.id, organizationId))
    .returning({ id: organization.id, name: organization.name, requireMfa: organization.requireMfa });
  return row!;
}

export async function selectOrganizationSettings(db: Database, organizationId: string) {
  const [row] = await db
    .select({ id: organization.id, name: organization.name, requireMfa: organization.requireMfa })
    .from(organization)
    .where(eq(organization.id, organizationId));
  return row!;
}
