import { SESSION_TTL_DAYS } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { hasRole, type UserPrincipal } from '../../http/principal';
import { newId } from '../../lib/ids';
import { randomToken, sha256Hex } from '../../lib/tokens';
import { deleteSession, extendSession, insertSession, selectLiveSession } from './store';

const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Renewing on every request would write on every read; once a minute keeps the expiry fresh enough. */
const RENEW_AFTER_MS = 60 * 1000;

/** How a session was signed in: with a password alone, with a password and a second factor, or by the provider. */
export type SignedInVia = 'password' | 'mfa' | 'sso';

/** What the session list shows of a session, and how it began. */
export interface SessionOrigin {
  via: SignedInVia;
  userAgent: string | null;
  ip: string | null;
}

/** A user agent is kept only to tell sessions apart in the list; no more of it is needed. */
const MAX_USER_AGENT_LENGTH = 300;

/**
 * Whether a session must set up a second factor before anything else: its organization requires one, the user has
 * none, and it was signed in with a password alone.
 */
export const mfaSetupPending = (session: { via: string; requireMfa: boolean; mfaEnabled: boolean }): boolean =>
  session.requireMfa && !session.mfaEnabled && session.via === 'password';

export interface NewSession {
  id: string;
  via: SignedInVia;
  /** Goes into the cookie; the database keeps only its hash. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function createSession(
  tx: Database,
  owner: { userId: string; organizationId: string },
  origin: SessionOrigin,
): Promise<NewSession> {
  const created = { id: newId(), token: randomToken(32), csrfToken: randomToken(24) };
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(tx, {
    ...owner,
    via: origin.via,
    userAgent: origin.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    ip: origin.ip,
    id: created.id,
    tokenHash: sha256Hex(created.token),
    csrfToken: created.csrfToken,
    expiresAt,
  });
  return { ...created, via: origin.via, expiresAt };
}

export async function authenticateSession(
  db: Database,
  token: string,
): Promise<{ principal: UserPrincipal; renewedUntil: Date | null } | null> {
  const now = new Date();
  const row = await selectLiveSession(db, sha256Hex(token), now);
  if (!row) return null;
  let renewedUntil: Date | null = null;
  if (now.getTime() - row.lastSeenAt.getTime() > RENEW_AFTER_MS) {
    renewedUntil = new Date(now.getTime() + SESSION_TTL_MS);
    await extendSession(db, row.id, now, renewedUntil);
  }
  const { id, lastSeenAt: _, via, requireMfa, mfaEnabled, ...rest } = row;
  const pending = mfaSetupPending({ via, requireMfa, mfaEnabled });
  const principal: UserPrincipal = {
    kind: 'user',
    sessionId: id,
    mfaSetupPending: pending,
    organizationRole: rest.role,
    protectedEnvironments: hasRole(rest.role, 'admin'),
    ...rest,
  };
  return { principal, renewedUntil };
}

export const endSession = (db: Database, sessionId: string): Promise<void> => deleteSession(db, sessionId);
