import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { MfaChallenge } from '@tabula/protocol';

/** Long enough to open the authenticator app and type a code. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;
/** Codes tried against one challenge; then the password must be given again. */
const MAX_ATTEMPTS = 5;

export interface MfaChallenges {
  /** A challenge for the user whose password was right: the proof of the first factor. */
  issue(userId: string, now?: number): { challenge: string; expiresAt: Date };
  /** The user a live challenge was issued to, counting an attempt; null when forged, expired or tried too often. */
  attempt(challenge: string, now?: number): string | null;
}

/**
 * Signed, not stored: `userId.expiresAt.nonce.mac`, the MAC keyed from the server's secret, so any server of a cluster
 * reads it. Attempts are counted in memory, per process.
 */
export function createMfaChallenges(serverSecret: string): MfaChallenges {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'tabula mfa challenge', 32));
  const attempts = new Map<string, { count: number; expiresAt: number }>();
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');

  const forgetExpired = (now: number) => {
    for (const [nonce, entry] of attempts) if (entry.expiresAt <= now) attempts.delete(nonce);
  };

  return {
    issue(userId, now = Date.now()) {
      const expiresAt = now + MFA_CHALLENGE_TTL_MS;
      const body = `${userId}.${expiresAt}.${randomBytes(16).toString('base64url')}`;
      return { challenge: `${body}.${mac(body)}`, expiresAt: new Date(expiresAt) };
    },
    attempt(challenge, now = Date.now()) {
      const parts = challenge.split('.');
      if (parts.length !== 4) return null;
      const [userId = '', expiresText = '', nonce = '', signature = ''] = parts;
      const expected = Buffer.from(mac(`${userId}.${expiresText}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expiresAt = Number(expiresText);
      if (!(expiresAt > now)) return null;
      if (attempts.size > 10_000) forgetExpired(now);
      const entry = attempts.get(nonce) ?? { count: 0, expiresAt };
      entry.count += 1;
      attempts.set(nonce, entry);
      return entry.count <= MAX_ATTEMPTS ? userId : null;
    },
  };
}

/** What a sign-in answers (202) when the right password's account has a second factor: the challenge for its code. */
export function challengeFor(challenges: MfaChallenges, userId: string): MfaChallenge {
  const { challenge, expiresAt } = challenges.issue(userId);
  return { mfaRequired: true, challenge, expiresAt: expiresAt.toISOString() };
}
