import type { Role } from '@tabula/protocol';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membership, organization, user } from '../../db/schema';
import type { Credentials, Membership, NewUser, Organization, User } from './types';

const mfaEnabled = sql<boolean>`${user.totpEnabledAt} is not null`;
const userColumns = { id: user.id, email: user.email, name: user.name, createdAt: user.createdAt, mfaEnabled };
const organizationColumns = { id: organization.id, name: organization.name, requireMfa: organization.requireMfa };

const membershipColumns = {
  user: userColumns,
  organization: organizationColumns,
  role: membership.role,
  joinedAt: membership.createdAt,
  passwordHash: user.passwordHash,
};

const withMembership = (db: Database) =>
  db
    .select(membershipColumns)
    .from(user)
    .innerJoin(membership, eq(membership.userId, user.id))
    .innerJoin(organization, eq(organization.id, membership.organizationId));

export async function selectCredentialsByEmail(db: Database, email: string): Promise<Credentials | null> {
  const [row] = await withMembership(db).where(eq(user.email, email));
  return row ?? null;
}

const withoutPassword = ({ passwordHash: _, ...member }: Credentials): Membership => member;

export async function selectMembership(db: Database, userId: string): Promise<Membership | null> {
  const [row] = await withMembership(db).where(eq(user.id, userId));
  return row ? withoutPassword(row) : null;
}

export async function selectMembershipBySubject(db: Database, oidcSubject: string): Promise<Membership | null> {
  const [row] = await withMembership(db).where(eq(user.oidcSubject, oidcSubject));
  return row ? withoutPassword(row) : null;
}

export async function setOidcSubject(tx: Database, userId: string, oidcSubject: string): Promise<void> {
  await tx.update(user).set({ oidcSubject }).where(eq(user.id, userId));
}

/** The instance's own organization: the one its first sign-up created. */
export async function selectFirstOrganization(db: Database): Promise<Organization | null> {
  const [row] = await db
    .select(organizationColumns)
    .from(organization)
    .orderBy(asc(organization.createdAt), asc(organization.id))
    .limit(1);
  return row ?? null;
}

export async function anyUserExists(db: Database): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).limit(1);
  return rows.length > 0;
}

export async function emailTaken(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return rows.length > 0;
}

export async function insertUser(tx: Database, id: string, newUser: NewUser): Promise<User> {
  const [row] = await tx
    .insert(user)
    .values({ id, ...newUser })
    .returning(userColumns);
  return row!;
}

export async function insertOrganization(tx: Database, id: string, name: string) {
  const [row] = await tx.insert(organization).values({ id, name }).returning(organizationColumns);
  return row!;
}

export async function insertMembership(tx: Database, organizationId: string, userId: string, role: Role) {
  const [row] = await tx.insert(membership).values({ organizationId, userId, role }).returning();
  return row!;
}

/** Membership and sessions go with the user: a user belongs to exactly one organization. */
export async function deleteUser(tx: Database, userId: string): Promise<void> {
  await tx.delete(user).where(eq(user.id, userId));
}
