import { createHmac, hkdfSync } from 'node:crypto';
import { type ChangePasswordBody, PASSWORD_RESET_TTL_HOURS, type Role, type SessionInfo } from '@tabula/protocol';
import { customAlphabet } from 'nanoid';
import type { Database } from '../../db/client';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../http/app-error';
import type { UserPrincipal } from '../../http/principal';
import { iso } from '../../http/schemas';
import { newId } from '../../lib/ids';
import { secretBox } from '../../lib/secret-box';
import { randomToken, sha256Hex } from '../../lib/tokens';
import { recordAudit } from '../audit/service';
import * as organization from '../organization/service';
import {
  type Account,
  claimTotpStep,
  consumePasswordReset,
  deleteUserSession,
  deleteUserSessions,
  insertPasswordReset,
  replaceRecoveryCodes,
  selectAccount,
  selectLivePasswordReset,
  selectOrganizationSettings,
  selectSessions,
  spendRecoveryCode,
  updatePasswordHash,
  updateRequireMfa,
  updateTotp,
} from './account-store';
import { recordSignIn } from './audit-sign-in';
import { checkNewPassword } from './password-policy';
import type { PasswordHasher } from './passwords';
import type { SessionOrigin } from './sessions';
import { acceptTotpCode, newTotp } from './totp';

const RECOVERY_CODE_COUNT = 10;
/** Ten characters without look-alikes, shown in two groups of five (`k7m2q-x9fhd`): 50 bits each. */
const recoveryCodePart = customAlphabet('23456789abcdefghjkmnpqrstuvwxyz', 5);
const WRONG_CODE = 'The code is not right: type the one your authenticator app shows now, or a recovery code';
const WRONG_PASSWORD = 'The password is not right';
const SSO_ONLY = 'This account signs in through single sign-on and has no password here';
const MFA_REQUIRED_BY_ORGANIZATION = 'Your organization requires two-factor authentication: it cannot be turned off';

/** Keys and peppers the account features derive from the server's secret. */
export interface AccountSecrets {
  /** Seals TOTP secrets in the database. */
  totp: ReturnType<typeof secretBox>;
  /** Hashes recovery codes with a key the database does not hold: 50 bits are too few against a plain hash. */
  recoveryCodeHash(code: string): string;
}

export function accountSecrets(serverSecret: string): AccountSecrets {
  const pepper = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'tabula recovery codes', 32));
  return {
    totp: secretBox(serverSecret, 'totp secrets'),
    recoveryCodeHash: (code) => createHmac('sha256', pepper).update(code).digest('hex'),
  };
}

const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

async function loadAccount(db: Database, userId: string): Promise<Account> {
  const account = await selectAccount(db, userId);
  if (!account) throw new AppError('unauthorized', 'Please sign in');
  return account;
}

/** Who an account's own entries name: the account acts on itself. */
type AccountActor = Pick<Account, 'id' | 'name' | 'organizationId'>;

const acting = (account: AccountActor) => ({
  organizationId: account.organizationId,
  actor: { kind: 'user' as const, id: account.id, name: account.name },
});

const auditAccount = (tx: Database, account: AccountActor, action: string, after: unknown = null) =>
  recordAudit(tx, {
    ...acting(account),
    projectId: null,
    action,
    entityType: 'user',
    entityId: account.id,
    after,
  });

/**
 * Whether `code` is the account's second factor: its authenticator's code now (each code once), or one of its unused
 * recovery codes (then used up).
 */
export async function checkSecondFactor(
  tx: Database,
  secrets: AccountSecrets,
  account: Account,
  code: string,
  now = new Date(),
): Promise<'totp' | 'recovery' | null> {
  if (!account.totpEnabledAt || !account.totpSecret) return null;
  if (/^\d{6}$/.test(code.trim())) {
    const secret = secrets.totp.open(account.totpSecret);
    const step = await acceptTotpCode(secret, code.trim(), account.totpLastStep, now.getTime() / 1000);
    return step !== null && (await claimTotpStep(tx, account.id, step)) ? 'totp' : null;
  }
  const hash = secrets.recoveryCodeHash(normaliseRecoveryCode(code));
  return (await spendRecoveryCode(tx, account.id, hash, now)) ? 'recovery' : null;
}

/** The second step of a sign-in: the code for the account whose password was right. */
export async function completeMfaSignIn(
  db: Database,
  secrets: AccountSecrets,
  userId: string,
  code: string,
  origin: Omit<SessionOrigin, 'via'>,
): Promise<{ account: Account; member: organization.Membership } | null> {
  const account = await loadAccount(db, userId);
  const member = await organization.findMembership(db, userId);
  if (!member) throw new AppError('unauthorized', 'Please sign in');
  const used = await db.transaction((tx) => checkSecondFactor(tx, secrets, account, code));
  if (!used) {
    await recordSignIn(db, member, 'user.sign_in_failed', { ...origin, reason: 'code' });
    return null;
  }
  return { account, member };
}

export const wrongCode = () => new AppError('unauthorized', WRONG_CODE);

/** A new secret to scan; it replaces one not yet confirmed, and counts once a first code from it is. */
export async function startMfaSetup(db: Database, secrets: AccountSecrets, principal: UserPrincipal) {
  const account = await loadAccount(db, principal.userId);
  if (account.totpEnabledAt) {
    throw conflict('Two-factor authentication is on already: turn it off first to use another authenticator');
  }
  const { secret, otpauthUrl } = newTotp(account.email);
  await updateTotp(db, account.id, { totpSecret: secrets.totp.seal(secret), totpEnabledAt: null, totpLastStep: null });
  return { secret, otpauthUrl };
}

/** A new set of recovery codes in place of any before, audited as `action`: shown this once, stored as hashes. */
async function issueRecoveryCodes(
  tx: Database,
  secrets: AccountSecrets,
  account: Account,
  action: string,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${recoveryCodePart()}-${recoveryCodePart()}`);
  await replaceRecoveryCodes(
    tx,
    account.id,
    codes.map((code) => ({ id: newId(), codeHash: secrets.recoveryCodeHash(normaliseRecoveryCode(code)) })),
  );
  await auditAccount(tx, account, action);
  return codes;
}

/** The first code from the new authenticator turns the second factor on; the recovery codes are shown this once. */
export async function enableMfa(db: Database, secrets: AccountSecrets, principal: UserPrincipal, code: string) {
  const account = await loadAccount(db, principal.userId);
  if (account.totpEnabledAt) throw conflict('Two-factor authentication is on already');
  if (!account.totpSecret) throw conflict('Start setting up two-factor authentication first');
  const secret = secrets.totp.open(account.totpSecret);
  const step = await acceptTotpCode(secret, code.trim(), null);
  if (step === null) throw invalidField('code', WRONG_CODE);
  return db.transaction(async (tx) => {
    await updateTotp(tx, account.id, { totpSecret: account.totpSecret, totpEnabledAt: new Date(), totpLastStep: step });
    return issueRecoveryCodes(tx, secrets, account, 'user.mfa_enabled');
  });
}

/** A new set of recovery codes, the old ones void; asks for a code so a borrowed session cannot take them. */
export async function regenerateRecoveryCodes(
  db: Database,
  secrets: AccountSecrets,
  principal: UserPrincipal,
  code: string,
) {
  const account = await loadAccount(db, principal.userId);
  if (!account.totpEnabledAt) throw conflict('Two-factor authentication is off: there are no recovery codes');
  return db.transaction(async (tx) => {
    if (!(await checkSecondFactor(tx, secrets, account, code))) throw invalidField('code', WRONG_CODE);
    return issueRecoveryCodes(tx, secrets, account, 'user.recovery_codes_renewed');
  });
}

export async function disableMfa(
  db: Database,
  passwords: PasswordHasher,
  principal: UserPrincipal,
  password: string,
): Promise<void> {
  const account = await loadAccount(db, principal.userId);
  if (account.requireMfa) throw forbidden(MFA_REQUIRED_BY_ORGANIZATION);
  if (!(await passwords.verify(account.passwordHash, password))) throw invalidField('password', WRONG_PASSWORD);
  await db.transaction(async (tx) => {
    await updateTotp(tx, account.id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    await replaceRecoveryCodes(tx, account.id, []);
    await auditAccount(tx, account, 'user.mfa_disabled');
  });
}

/** A new password, the current one given; every other session of the user ends, as whoever else held one may not. */
export async function changePassword(
  db: Database,
  passwords: PasswordHasher,
  principal: UserPrincipal,
  body: ChangePasswordBody,
): Promise<void> {
  const account = await loadAccount(db, principal.userId);
  if (!account.passwordHash) throw conflict(SSO_ONLY);
  // A 400 on the field, not a 401: the caller is signed in, only the password typed is wrong.
  if (!(await passwords.verify(account.passwordHash, body.currentPassword))) {
    throw invalidField('currentPassword', WRONG_PASSWORD);
  }
  checkNewPassword(body.newPassword, account.email, 'newPassword');
  const passwordHash = await passwords.hash(body.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, account.id, passwordHash);
    const ended = await deleteUserSessions(tx, account.id, principal.sessionId);
    await auditAccount(tx, account, 'user.password_changed', { otherSessionsEnded: ended });
  });
}

/**
 * A link for a member to set a new password, handed over by an admin like an invitation. Never for oneself (change it
 * instead), and an owner's only by an owner: an admin must not take over an owner's account.
 */
export async function issuePasswordReset(
  tx: Database,
  actor: { userId: string; name: string; organizationId: string; role: Role },
  userId: string,
  publicUrl: string,
  now = new Date(),
) {
  if (userId === actor.userId) throw forbidden('Change your own password under Account instead');
  const member = await organization.findMembership(tx, userId);
  if (member?.organization.id !== actor.organizationId) throw notFound('Member');
  if (member.role === 'owner' && actor.role !== 'owner') throw forbidden("Only an owner can reset an owner's password");
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_HOURS * 3600_000);
  await insertPasswordReset(tx, {
    id: newId(),
    organizationId: actor.organizationId,
    userId,
    tokenHash: sha256Hex(token),
    createdBy: actor.userId,
    expiresAt,
  });
  await recordAudit(tx, {
    organizationId: actor.organizationId,
    projectId: null,
    actor: { kind: 'user', id: actor.userId, name: actor.name },
    action: 'member.password_reset_issued',
    entityType: 'member',
    entityId: userId,
    after: { email: member.user.email, expiresAt: iso(expiresAt) },
  });
  return { url: `${publicUrl}/reset-password/${token}`, expiresAt };
}

const INVALID_RESET_LINK = 'This password reset link is not valid any more: ask an admin for a new one';

export async function previewPasswordReset(db: Database, token: string) {
  const reset = await selectLivePasswordReset(db, sha256Hex(token), new Date());
  if (!reset) throw new AppError('not_found', INVALID_RESET_LINK);
  return { email: reset.email, expiresAt: reset.expiresAt };
}

/** Sets the new password and ends every session the member had; signing in again is up to the caller (by user id). */
export async function completePasswordReset(
  db: Database,
  passwords: PasswordHasher,
  token: string,
  password: string,
): Promise<string> {
  const now = new Date();
  const reset = await selectLivePasswordReset(db, sha256Hex(token), now);
  if (!reset) throw new AppError('not_found', INVALID_RESET_LINK);
  checkNewPassword(password, reset.email, 'password');
  const passwordHash = await passwords.hash(password);
  await db.transaction(async (tx) => {
    if (!(await consumePasswordReset(tx, reset.id, now))) throw new AppError('not_found', INVALID_RESET_LINK);
    await updatePasswordHash(tx, reset.userId, passwordHash);
    const ended = await deleteUserSessions(tx, reset.userId, null);
    const account = { id: reset.userId, name: reset.name, organizationId: reset.organizationId };
    await auditAccount(tx, account, 'user.password_reset', { email: reset.email, sessionsEnded: ended });
  });
  return reset.userId;
}

export async function listSessions(db: Database, principal: UserPrincipal): Promise<SessionInfo[]> {
  const rows = await selectSessions(db, principal.userId, new Date());
  return rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.createdAt),
    lastSeenAt: iso(row.lastSeenAt),
    expiresAt: iso(row.expiresAt),
    userAgent: row.userAgent,
    ip: row.ip,
    current: row.id === principal.sessionId,
  }));
}

export async function endOneSession(db: Database, principal: UserPrincipal, sessionId: string): Promise<void> {
  const account = await loadAccount(db, principal.userId);
  await db.transaction(async (tx) => {
    if (!(await deleteUserSession(tx, principal.userId, sessionId))) throw notFound('Session');
    await auditAccount(tx, account, 'user.session_ended', { sessionId });
  });
}

/** Signs the user out of every browser, this one included. */
export async function endAllSessions(db: Database, principal: UserPrincipal): Promise<void> {
  const account = await loadAccount(db, principal.userId);
  await db.transaction(async (tx) => {
    const ended = await deleteUserSessions(tx, principal.userId, null);
    await auditAccount(tx, account, 'user.signed_out_everywhere', { sessionsEnded: ended });
  });
}

export const organizationSettings = (db: Database, organizationId: string) =>
  selectOrganizationSettings(db, organizationId);

export async function setRequireMfa(
  db: Database,
  actor: { userId: string; name: string; organizationId: string },
  requireMfa: boolean,
) {
  return db.transaction(async (tx) => {
    const settings = await updateRequireMfa(tx, actor.organizationId, requireMfa);
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      projectId: null,
      actor: { kind: 'user', id: actor.userId, name: actor.name },
      action: 'organization.updated',
      entityType: 'organization',
      entityId: actor.organizationId,
      after: { requireMfa },
    });
    return settings;
  });
}
