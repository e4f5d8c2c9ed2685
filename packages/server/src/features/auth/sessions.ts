import { SESSION_TTL_DAYS } from '@tabula/protocol';
import type { Database } from '../../db/client';
import type { UserPrincipal } from '../../http/principal';
import { newId } from '../../lib/ids';
import { randomToken, sha256Hex } from '../../lib/tokens';
import { deleteSession, extendSession, insertSession, selectLiveSession } from './store';

const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/** Renewing on every request would write on every read; once a minute keeps the expiry fresh enough. */
const RENEW_AFTER_MS = 60 * 1000;

export interface NewSession {
  id: string;
  /** Goes into the cookie; the database keeps only its hash. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function createSession(
  tx: Database,
  owner: { userId: string; organizationId: string },
): Promise<NewSession> {
  const created = { id: newId(), token: randomToken(32), csrfToken: randomToken(24) };
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(tx, {
    ...owner,
    id: created.id,
    tokenHash: sha256Hex(created.token),
    csrfToken: created.csrfToken,
    expiresAt,
  });
  return { ...created, expiresAt };
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
  const { id, lastSeenAt: _, ...rest } = row;
  return { principal: { kind: 'user', sessionId: id, ...rest }, renewedUntil };
}

export const endSession = (db: Database, sessionId: string): Promise<void> => deleteSession(db, sessionId);
