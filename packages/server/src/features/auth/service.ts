import type { AcceptInvitationBody, AuthSetup, LoginBody, SignupBody } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, forbidden } from '../../http/app-error';
import type { UserPrincipal } from '../../http/principal';
import type { Acting } from '../audit/service';
import * as organization from '../organization/service';
import type { PasswordHasher } from './passwords';
import { createSession, type NewSession } from './sessions';

export type { PasswordHasher } from './passwords';
export { createPasswordHasher } from './passwords';
export { authenticateSession, createSession, endSession, type NewSession } from './sessions';

export interface SignedIn {
  member: organization.Membership;
  session: NewSession;
}

const SIGNUP_CLOSED = 'Sign-up is closed: ask an admin for an invitation link';
const WRONG_CREDENTIALS = 'Email or password is incorrect';

export async function authSetup(db: Database, config: Pick<Config, 'openSignup' | 'oidc'>): Promise<AuthSetup> {
  return {
    signupOpen: config.openSignup || !(await organization.hasAnyUser(db)),
    sso: { enabled: config.oidc !== null, label: config.oidc?.label ?? '' },
  };
}

/**
 * Hashing is slow, so it happens before the transaction opens; the sign-up rule is checked again inside it,
 * under a lock, so two people racing for an empty instance cannot both become its first owner.
 */
export async function signup(
  db: Database,
  deps: {
    passwords: PasswordHasher;
    openSignup: boolean;
    /** Runs in the sign-up transaction when it made the instance's first organization. */
    onFirstOrganization?: (tx: Database, acting: Acting) => Promise<unknown>;
  },
  input: SignupBody,
): Promise<SignedIn> {
  const isClosed = async (executor: Database) => !deps.openSignup && (await organization.hasAnyUser(executor));
  if (await isClosed(db)) throw forbidden(SIGNUP_CLOSED);
  const passwordHash = await deps.passwords.hash(input.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tabula.signup'))`);
    if (await isClosed(tx)) throw forbidden(SIGNUP_CLOSED);
    const first = !(await organization.hasAnyUser(tx));
    const member = await organization.createOrganizationWithOwner(tx, {
      organizationName: input.organizationName,
      owner: { email: input.email, name: input.name, passwordHash },
    });
    if (first && deps.onFirstOrganization) {
      await deps.onFirstOrganization(tx, {
        organizationId: member.organization.id,
        actor: { kind: 'user', id: member.user.id, name: member.user.name },
      });
    }
    const session = await createSession(tx, { userId: member.user.id, organizationId: member.organization.id });
    return { member, session };
  });
}

export async function login(db: Database, passwords: PasswordHasher, input: LoginBody): Promise<SignedIn> {
  const credentials = await organization.findCredentials(db, input.email);
  if (!(await passwords.verify(credentials?.passwordHash ?? null, input.password)) || !credentials) {
    throw new AppError('unauthorized', WRONG_CREDENTIALS);
  }
  const { passwordHash: _, ...member } = credentials;
  const session = await createSession(db, { userId: member.user.id, organizationId: member.organization.id });
  return { member, session };
}

export async function acceptInvitation(
  db: Database,
  passwords: PasswordHasher,
  token: string,
  input: AcceptInvitationBody,
): Promise<SignedIn> {
  await organization.previewInvitation(db, token);
  const passwordHash = await passwords.hash(input.password);
  return db.transaction(async (tx) => {
    const member = await organization.acceptInvitation(tx, token, {
      email: input.email,
      name: input.name,
      passwordHash,
    });
    const session = await createSession(tx, { userId: member.user.id, organizationId: member.organization.id });
    return { member, session };
  });
}

export async function signedInMember(db: Database, principal: UserPrincipal): Promise<organization.Membership> {
  const member = await organization.findMembership(db, principal.userId);
  if (!member) throw new AppError('unauthorized', 'Please sign in');
  return member;
}
