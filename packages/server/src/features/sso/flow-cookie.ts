import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { OidcFlow } from './oidc-client';

const FLOW_COOKIE = 'tabula_sso';
/** Long enough to type a password at the identity provider, short enough that a stolen cookie soon goes stale. */
const FLOW_TTL_SECONDS = 10 * 60;
// Both ends of the round trip live under /api: the start and the code exchange.
const FLOW_COOKIE_PATH = '/api';

const flowSchema = z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string() });

const cookieOptions = (config: Pick<Config, 'secureCookies'>) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: FLOW_COOKIE_PATH,
  secure: config.secureCookies,
});

/** The flow's secrets stay with this browser, signed so that they cannot be forged, until the provider sends it back. */
export function keepFlow(reply: FastifyReply, config: Pick<Config, 'secureCookies'>, flow: OidcFlow): void {
  reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
    ...cookieOptions(config),
    signed: true,
    maxAge: FLOW_TTL_SECONDS,
  });
}

/** Read once: a flow can finish a single sign-in only. */
export function takeFlow(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'secureCookies'>,
): OidcFlow | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return null;
  reply.clearCookie(FLOW_COOKIE, cookieOptions(config));
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
