import { SESSION_COOKIE } from '@tabula/protocol';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

type CookieConfig = Pick<Config, 'secureCookies' | 'cookieDomain'>;

const cookieOptions = (config: CookieConfig) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: config.secureCookies,
  // With a domain the session reaches the sibling API hosts an environment tag selects (spec §4); without, this host only.
  domain: config.cookieDomain ?? undefined,
});

/** Every way of signing in (password, invitation, single sign-on) ends here. */
export function setSessionCookie(
  reply: FastifyReply,
  config: CookieConfig,
  session: { token: string; expiresAt: Date },
) {
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions(config), expires: session.expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, config: CookieConfig) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}
