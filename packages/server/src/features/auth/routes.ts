import {
  acceptInvitationBodySchema,
  authSetupSchema,
  invitationPreviewSchema,
  loginBodySchema,
  loginMfaBodySchema,
  meSchema,
  mfaChallengeSchema,
  signupBodySchema,
} from '@tabula/protocol';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../../http/access';
import { AppError } from '../../http/app-error';
import { toMe } from '../../http/me';
import { originOf } from '../../http/request-origin';
import { iso, noContent, withErrors } from '../../http/schemas';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie';
import { seedDemoProject } from '../demo/service';
import * as organization from '../organization/service';
import { completeMfaSignIn, wrongCode } from './account';
import { challengeFor } from './mfa-challenge';
import * as auth from './service';

/** Refused with 429 and Retry-After, in whole seconds. */
export function tooManySignIns(reply: FastifyReply, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  return new AppError('rate_limited', `Too many failed sign-ins: try again in ${seconds} s`);
}

const invitationParams = z.object({ token: z.string().max(256) });

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, passwords, throttle, mfaChallenges, accountSecrets },
) => {
  const signIn = (reply: FastifyReply, signedIn: auth.SignedIn, status: 200 | 201) => {
    setSessionCookie(reply, config, signedIn.session);
    return reply.status(status).send(auth.meOf(signedIn));
  };
  const perAddress = { max: config.accountRequestsPerHour, timeWindow: '1 hour' };

  app.get(
    '/auth/setup',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: withErrors({ 200: authSetupSchema }) } },
    () => auth.authSetup(db, config),
  );

  app.post(
    '/auth/signup',
    {
      config: { access: 'public', rateLimit: perAddress },
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
        originOf(request),
      );
      return signIn(reply, signedIn, 201);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; an account with a second factor answers 202 with a challenge for /auth/login/mfa',
        body: loginBodySchema,
        response: withErrors({ 200: meSchema, 202: mfaChallengeSchema }),
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const verdict = await throttle.check(request.ip, email);
      if (!verdict.allowed) throw tooManySignIns(reply, verdict.retryAfterMs);
      let outcome: auth.SignInOutcome;
      try {
        outcome = await auth.login(db, passwords, request.body, originOf(request));
      } catch (error) {
        if (error instanceof AppError && error.code === 'unauthorized') await throttle.failed(request.ip, email);
        throw error;
      }
      if (outcome.kind === 'mfa') return reply.status(202).send(challengeFor(mfaChallenges, outcome.userId));
      await throttle.succeeded(email);
      return signIn(reply, outcome.signedIn, 200);
    },
  );

  app.post(
    '/auth/login/mfa',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "The second step of signing in: the authenticator's code, or a recovery code",
        body: loginMfaBodySchema,
        response: withErrors({ 200: meSchema }),
      },
    },
    async (request, reply) => {
      const userId = mfaChallenges.attempt(request.body.challenge);
      if (!userId) throw new AppError('unauthorized', 'This sign-in has expired: enter your email and password again');
      // The throttle counts by account: the challenge names it, whatever email was typed.
      const verdict = await throttle.check(request.ip, userId);
      if (!verdict.allowed) throw tooManySignIns(reply, verdict.retryAfterMs);
      const proven = await completeMfaSignIn(db, accountSecrets, userId, request.body.code, originOf(request));
      if (!proven) {
        await throttle.failed(request.ip, userId);
        throw wrongCode();
      }
      await throttle.succeeded(userId);
      await throttle.succeeded(proven.member.user.email);
      return signIn(reply, await auth.openSession(db, proven.member, { ...originOf(request), via: 'mfa' }), 200);
    },
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
      return toMe(await auth.signedInMember(db, principal), principal.csrfToken, principal.mfaSetupPending);
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
      config: { access: 'public', rateLimit: perAddress },
      schema: {
        tags: ['auth'],
        params: invitationParams,
        body: acceptInvitationBodySchema,
        response: withErrors({ 201: meSchema }),
      },
    },
    async (request, reply) =>
      signIn(
        reply,
        await auth.acceptInvitation(db, passwords, request.params.token, request.body, originOf(request)),
        201,
      ),
  );
};
