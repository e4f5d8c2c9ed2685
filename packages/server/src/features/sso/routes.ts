import { ssoExchangeBodySchema, ssoExchangeResultSchema } from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { originOf } from '../../http/request-origin';
import { withErrors } from '../../http/schemas';
import { setSessionCookie } from '../../http/session-cookie';
import { meOf } from '../auth/service';
import { keepFlow, takeFlow } from './flow-cookie';
import { createOidcClient, type OidcClient } from './oidc-client';
import { signInWithIdentity } from './service';

/** The console page the identity provider returns the browser to; it hands the code to the exchange below. */
export const SSO_CALLBACK_PATH = '/auth/callback';

const NOT_CONFIGURED = 'Single sign-on is not configured on this server';
const EXPIRED_FLOW = 'This sign-in expired or was started in another browser: start it again';
const REJECTED = 'The identity provider did not confirm this sign-in: start it again';

/**
 * Single sign-on with an OpenID Connect provider (Auth0, Okta, Keycloak…): `/api/v1/auth/sso/start` sends the browser
 * to the provider, and `/api/auth/auth0token` (spec §7) exchanges the code it brings back for a session.
 */
export const ssoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  const client: OidcClient | null = config.oidc
    ? createOidcClient({ ...config.oidc, redirectUri: `${config.publicUrl}${SSO_CALLBACK_PATH}` })
    : null;
  const requireClient = (): OidcClient => {
    if (!client) throw new AppError('not_found', NOT_CONFIGURED);
    return client;
  };

  app.get(
    '/api/v1/auth/sso/start',
    { config: { access: 'public' }, schema: { tags: ['auth'], hide: true } },
    async (request, reply) => {
      const oidc = requireClient();
      try {
        const { url, flow } = await oidc.start();
        keepFlow(reply, config, flow);
        return reply.redirect(url, 302);
      } catch (error) {
        request.log.warn({ err: error }, 'identity provider unreachable');
        // A full-page navigation cannot show JSON: the console's callback page explains OAuth's own error code.
        return reply.redirect(`${SSO_CALLBACK_PATH}?error=temporarily_unavailable`, 302);
      }
    },
  );

  app.post(
    '/api/auth/auth0token',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ssoExchangeBodySchema, response: withErrors({ 200: ssoExchangeResultSchema }) },
    },
    async (request, reply) => {
      const oidc = requireClient();
      const flow = takeFlow(request, reply, config);
      if (!flow) throw new AppError('bad_request', EXPIRED_FLOW);
      const identity = await oidc.finish(request.body, flow).catch((error: unknown) => {
        request.log.warn({ err: error }, 'single sign-on code exchange failed');
        throw new AppError('unauthorized', REJECTED);
      });
      const signedIn = await signInWithIdentity(db, identity, originOf(request));
      setSessionCookie(reply, config, signedIn.session);
      const me = meOf(signedIn);
      return { token: me.csrfToken, me };
    },
  );
};
