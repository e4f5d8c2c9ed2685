import type { AcceptInvitationBody, AuthSetup, LoginBody, SignupBody } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, forbidden } from '../../http/app-error';
import { toMe } from '../../http/me';
import type { UserPrincipal } from '../../http/principal';
import type { Acting } from '../audit/service';
import * as organization from '../organization/service';
import { recordSignIn } from './audit-sign-in';
import { checkNewPassword } from './password-policy';
import type { PasswordHasher } from './passwords';
import { createSession, mfaSetupPending, type NewSession, type SessionOrigin } from './sessions';

export type { PasswordHasher } from './passwords';
export { createPasswordHasher } from './passwords';
export {
  authenticateSession,
  createSession,
  endSession,
  mfaSetupPending,
  type NewSession,
  type SessionOrigin,
  type SignedInVia,
} from './sessions';

export interface SignedIn {
  member: organization.Membership;
  session: NewSession;
}

/** A sign-in either opens a session, or, for an account with a second factor, asks for its code next. */
export type SignInOutcome = { kind: 'signed-in'; signedIn: SignedIn } | { kind: 'mfa'; userId: string };

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
  origin: Omit<SessionOrigin, 'via'>,
): Promise<SignedIn> {
  checkNewPassword(input.password, input.email, 'password');
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
    const session = await createSession(
      tx,
      { userId: member.user.id, organizationId: member.organization.id },
      { ...origin, via: 'password' },
    );
    return { member, session };
  });
}

export async function login(
  db: Database,
  passwords: PasswordHasher,
  input: LoginBody,
  origin: Omit<SessionOrigin, 'via'>,
): Promise<SignInOutcome> {
  const credentials = await organization.findCredentials(db, input.email);
  if (!(await passwords.verify(credentials?.passwordHash ?? null, input.password)) || !credentials) {
    // Only a known account's organization can hold the entry; an unknown email is in the server's log alone.
    if (credentials) await recordSignIn(db, credentials, 'user.sign_in_failed', { ...origin, reason: 'password' });
    throw new AppError('unauthorized', WRONG_CREDENTIALS);
  }
  const { passwordHash: _, ...member } = credentials;
  if (member.user.mfaEnabled) return { kind: 'mfa', userId: member.user.id };
  return { kind: 'signed-in', signedIn: await openSession(db, member, { ...origin, via: 'password' }) };
}

/** A session for a member who proved who they are, with its audit entry, in one transaction. */
export function openSession(db: Database, member: organization.Membership, origin: SessionOrigin): Promise<SignedIn> {
  return db.transaction(async (tx) => {
    const session = await createSession(tx, { userId: member.user.id, organizationId: member.organization.id }, origin);
    await recordSignIn(tx, member, 'user.signed_in', { via: origin.via, ip: origin.ip, userAgent: origin.userAgent });
    return { member, session };
  });
}

export async function acceptInvitation(
  db: Database,
  passwords: PasswordHasher,
  token: string,
  input: AcceptInvitationBody,
  origin: Omit<SessionOrigin, 'via'>,
): Promise<SignedIn> {
  await organization.previewInvitation(db, token);
  checkNewPassword(input.password, input.email, 'password');
  const passwordHash = await passwords.hash(input.password);
  return db.transaction(async (tx) => {
    const member = await organization.acceptInvitation(tx, token, {
      email: input.email,
      name: input.name,
      passwordHash,
    });
    const session = await createSession(
      tx,
      { userId: member.user.id, organizationId: member.organization.id },
      { ...origin, via: 'password' },
    );
    return { member, session };
  });
}

export async function signedInMember(db: Database, principal: UserPrincipal): Promise<organization.Membership> {
  const member = await organization.findMembership(db, principal.userId);
  if (!member) throw new AppError('unauthorized', 'Please sign in');
  return member;
}

/** What a sign-in answers: who signed in, and whether they must set up a second factor first. */
export const meOf = ({ member, session }: SignedIn) =>
  toMe(
    member,
    session.csrfToken,
    mfaSetupPending({
      via: session.via,
      requireMfa: member.organization.requireMfa,
      mfaEnabled: member.user.mfaEnabled,
    }),
  );
