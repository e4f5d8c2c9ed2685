import {
  acceptInvitationBodySchema,
  authSetupSchema,
  invitationPreviewSchema,
  loginBodySchema,
  meSchema,
  signupBodySchema,
} from '@tabula/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../../http/access';
import { toMe } from '../../http/me';
import { iso, noContent, withErrors } from '../../http/schemas';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie';
import { seedDemoProject } from '../demo/service';
import * as organization from '../organization/service';
import * as auth from './service';

const LOGIN_ATTEMPTS_PER_MINUTE = 10;
/** Per address and account: one attacker cannot lock everyone out, nor try many passwords on one account. */
const loginRateLimitKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email : ''}`;
};

const invitationParams = z.object({ token: z.string().max(256) });

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, passwords }) => {
  const signIn = (reply: FastifyReply, signedIn: auth.SignedIn, status: 200 | 201) => {
    setSessionCookie(reply, config, signedIn.session);
    return reply.status(status).send(toMe(signedIn.member, signedIn.session.csrfToken));
  };

  app.get(
    '/auth/setup',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: withErrors({ 200: authSetupSchema }) } },
    () => auth.authSetup(db, config),
  );

  app.post(
    '/auth/signup',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: signupBodySchema, response: withErrors({ 201: meSchema }) },
    },
    async (request, reply) => {
      const signedIn = await auth.signup(
        db,
        {
          passwords,
          openSignup: config.openSignup,
          onFirstOrganization: config.demo ? (tx, acting) => seedDemoProject(tx, acting, config.publicUrl) : undefined,
        },
        request.body,
      );
      return signIn(reply, signedIn, 201);
    },
  );

  app.post(
    '/auth/login',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: LOGIN_ATTEMPTS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: loginRateLimitKey,
        },
      },
      schema: { tags: ['auth'], body: loginBodySchema, response: withErrors({ 200: meSchema }) },
    },
    async (request, reply) => signIn(reply, await auth.login(db, passwords, request.body), 200),
  );

  app.post(
    '/auth/logout',
    { config: { access: { role: 'viewer' } }, schema: { tags: ['auth'], response: withErrors({ 204: noContent }) } },
    async (request, reply) => {
      await auth.endSession(db, userOf(request).sessionId);
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/me',
    { config: { access: { role: 'viewer' } }, schema: { tags: ['auth'], response: withErrors({ 200: meSchema }) } },
    async (request) => {
      const principal = userOf(request);
      return toMe(await auth.signedInMember(db, principal), principal.csrfToken);
    },
  );

  app.get(
    '/auth/invitations/:token',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], params: invitationParams, response: withErrors({ 200: invitationPreviewSchema }) },
    },
    async (request) => {
      const preview = await organization.previewInvitation(db, request.params.token);
      return {
        organization: { name: preview.organizationName },
        role: preview.role,
        email: preview.email,
        expiresAt: iso(preview.expiresAt),
      };
    },
  );

  app.post(
    '/auth/invitations/:token/accept',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        params: invitationParams,
        body: acceptInvitationBodySchema,
        response: withErrors({ 201: meSchema }),
      },
    },
    async (request, reply) =>
      signIn(reply, await auth.acceptInvitation(db, passwords, request.params.token, request.body), 201),
  );
};
