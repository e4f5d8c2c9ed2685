import {
  changePasswordBodySchema,
  completePasswordResetBodySchema,
  createdPasswordResetSchema,
  disableMfaBodySchema,
  idSchema,
  meSchema,
  mfaChallengeSchema,
  mfaCodeBodySchema,
  mfaSetupSchema,
  organizationSettingsSchema,
  passwordResetPreviewSchema,
  recoveryCodesSchema,
  sessionInfoSchema,
  updateOrganizationBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../../http/access';
import { notFound } from '../../http/app-error';
import { originOf } from '../../http/request-origin';
import { iso, noContent, withErrors } from '../../http/schemas';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie';
import * as organization from '../organization/service';
import * as account from './account';
import { challengeFor } from './mfa-challenge';
import * as auth from './service';

/** Second-factor changes one address may try per quarter hour: each checks a code. */
const CODE_CHECKS_PER_QUARTER_HOUR = 20;

const tags = ['account'];
const resetParams = z.object({ token: z.string().max(256) });
const sessionParams = z.object({ sessionId: idSchema });
const memberParams = z.object({ userId: idSchema });

/**
 * The signed-in user's own account (password, second factor, sessions), password reset links, and the organization's
 * rule that every member use a second factor.
 */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, config, passwords, accountSecrets, mfaChallenges },
) => {
  const signedIn = { access: { role: 'viewer' as const } };
  const admin = { access: { role: 'admin' as const } };
  const codeChecks = { max: CODE_CHECKS_PER_QUARTER_HOUR, timeWindow: '15 minutes' };

  app.get(
    '/auth/sessions',
    {
      config: signedIn,
      schema: { tags, summary: 'Your signed-in browsers', response: withErrors({ 200: z.array(sessionInfoSchema) }) },
    },
    (request) => account.listSessions(db, userOf(request)),
  );

  app.delete(
    '/auth/sessions/:sessionId',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Sign one browser out',
        params: sessionParams,
        response: withErrors({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const principal = userOf(request);
      await account.endOneSession(db, principal, request.params.sessionId);
      if (request.params.sessionId === principal.sessionId) clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/auth/sessions',
    {
      config: signedIn,
      schema: { tags, summary: 'Sign out everywhere, this browser included', response: withErrors({ 204: noContent }) },
    },
    async (request, reply) => {
      await account.endAllSessions(db, userOf(request));
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  app.put(
    '/auth/password',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Change your password; your other browsers are signed out',
        body: changePasswordBodySchema,
        response: withErrors({ 204: noContent }),
      },
    },
    async (request, reply) => {
      await account.changePassword(db, passwords, userOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/mfa/setup',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'A new authenticator secret to scan; two-factor sign-in starts once a first code is confirmed',
        response: withErrors({ 200: mfaSetupSchema }),
      },
    },
    (request) => account.startMfaSetup(db, accountSecrets, userOf(request)),
  );

  app.post(
    '/auth/mfa/enable',
    {
      config: { ...signedIn, rateLimit: codeChecks },
      schema: {
        tags,
        summary: "Turn two-factor sign-in on with the authenticator's first code; the recovery codes are shown once",
        body: mfaCodeBodySchema,
        response: withErrors({ 200: recoveryCodesSchema }),
      },
    },
    async (request) => ({
      recoveryCodes: await account.enableMfa(db, accountSecrets, userOf(request), request.body.code),
    }),
  );

  app.post(
    '/auth/mfa/recovery-codes',
    {
      config: { ...signedIn, rateLimit: codeChecks },
      schema: {
        tags,
        summary: 'New recovery codes for a code; the old ones stop working',
        body: mfaCodeBodySchema,
        response: withErrors({ 200: recoveryCodesSchema }),
      },
    },
    async (request) => ({
      recoveryCodes: await account.regenerateRecoveryCodes(db, accountSecrets, userOf(request), request.body.code),
    }),
  );

  app.delete(
    '/auth/mfa',
    {
      config: { ...signedIn, rateLimit: codeChecks },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (refused while the organization requires it)',
        body: disableMfaBodySchema,
        response: withErrors({ 204: noContent }),
      },
    },
    async (request, reply) => {
      await account.disableMfa(db, passwords, userOf(request), request.body.password);
      return reply.status(204).send();
    },
  );

  app.post(
    '/members/:userId/password-reset',
    {
      config: admin,
      schema: {
        tags: ['members'],
        summary: "A link for the member to set a new password, to hand over (an owner's only by an owner)",
        params: memberParams,
        response: withErrors({ 201: createdPasswordResetSchema }),
      },
    },
    async (request, reply) => {
      const actor = userOf(request);
      const reset = await db.transaction((tx) =>
        account.issuePasswordReset(tx, actor, request.params.userId, config.publicUrl),
      );
      return reply.status(201).send({ url: reset.url, expiresAt: iso(reset.expiresAt) });
    },
  );

  app.get(
    '/auth/password-resets/:token',
    {
      config: { access: 'public' },
      schema: { tags, params: resetParams, response: withErrors({ 200: passwordResetPreviewSchema }) },
    },
    async (request) => {
      const preview = await account.previewPasswordReset(db, request.params.token);
      return { email: preview.email, expiresAt: iso(preview.expiresAt) };
    },
  );

  app.post(
    '/auth/password-resets/:token',
    {
      config: { access: 'public', rateLimit: { max: config.accountRequestsPerHour, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Set a new password from a reset link and sign in (202: the second factor comes next)',
        params: resetParams,
        body: completePasswordResetBodySchema,
        response: withErrors({ 200: meSchema, 202: mfaChallengeSchema }),
      },
    },
    async (request, reply) => {
      const userId = await account.completePasswordReset(db, passwords, request.params.token, request.body.password);
      const member = await organization.findMembership(db, userId);
      if (!member) throw notFound('Member');
      // The link stands for the password, not for the second factor.
      if (member.user.mfaEnabled) return reply.status(202).send(challengeFor(mfaChallenges, member.user.id));
      const signedIn = await auth.openSession(db, member, { ...originOf(request), via: 'password' });
      setSessionCookie(reply, config, signedIn.session);
      return reply.status(200).send(auth.meOf(signedIn));
    },
  );

  app.get(
    '/organization',
    {
      config: signedIn,
      schema: { tags: ['members'], response: withErrors({ 200: organizationSettingsSchema }) },
    },
    (request) => account.organizationSettings(db, userOf(request).organizationId),
  );

  app.patch(
    '/organization',
    {
      config: admin,
      schema: {
        tags: ['members'],
        summary: 'Require every member to sign in with a second factor',
        body: updateOrganizationBodySchema,
        response: withErrors({ 200: organizationSettingsSchema }),
      },
    },
    (request) => account.setRequireMfa(db, userOf(request), request.body.requireMfa),
  );
};
