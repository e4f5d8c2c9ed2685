import {
  createdInvitationSchema,
  createInvitationBodySchema,
  type Invitation,
  idSchema,
  invitationListSchema,
  type Member,
  memberListSchema,
  memberSchema,
  updateMemberBodySchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../../http/access';
import { iso, noContent, withErrors } from '../../http/schemas';
import * as organization from './service';

const toMember = (row: organization.MemberRow): Member => ({ ...row, joinedAt: iso(row.joinedAt) });
const toInvitation = (invitation: organization.Invitation): Invitation => ({
  id: invitation.id,
  role: invitation.role,
  email: invitation.email,
  createdAt: iso(invitation.createdAt),
  expiresAt: iso(invitation.expiresAt),
  createdBy: invitation.createdBy,
});

const memberParams = z.object({ userId: idSchema });
const invitationParams = z.object({ id: idSchema });

export const organizationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  const viewer = { access: { role: 'viewer' as const } };
  const admin = { access: { role: 'admin' as const } };

  app.get(
    '/members',
    { config: viewer, schema: { tags: ['members'], response: withErrors({ 200: memberListSchema }) } },
    async (request) => ({
      members: (await organization.listMembers(db, userOf(request).organizationId)).map(toMember),
    }),
  );

  app.patch(
    '/members/:userId',
    {
      config: admin,
      schema: {
        tags: ['members'],
        params: memberParams,
        body: updateMemberBodySchema,
        response: withErrors({ 200: memberSchema }),
      },
    },
    async (request) => {
      const actor = userOf(request);
      const member = await db.transaction((tx) =>
        organization.changeMemberRole(tx, actor, request.params.userId, request.body.role),
      );
      return toMember(member);
    },
  );

  app.delete(
    '/members/:userId',
    { config: admin, schema: { tags: ['members'], params: memberParams, response: withErrors({ 204: noContent }) } },
    async (request, reply) => {
      const actor = userOf(request);
      await db.transaction((tx) => organization.removeMember(tx, actor, request.params.userId));
      return reply.status(204).send();
    },
  );

  app.get(
    '/invitations',
    { config: admin, schema: { tags: ['invitations'], response: withErrors({ 200: invitationListSchema }) } },
    async (request) => {
      const invitations = await organization.listPendingInvitations(db, userOf(request).organizationId);
      return { invitations: invitations.map(toInvitation) };
    },
  );

  app.post(
    '/invitations',
    {
      config: admin,
      schema: {
        tags: ['invitations'],
        body: createInvitationBodySchema,
        response: withErrors({ 201: createdInvitationSchema }),
      },
    },
    async (request, reply) => {
      const actor = userOf(request);
      const input = { role: request.body.role, email: request.body.email ?? null };
      const { invitation, token } = await db.transaction((tx) => organization.createInvitation(tx, actor, input));
      return reply.status(201).send({ ...toInvitation(invitation), url: `${config.publicUrl}/invite/${token}` });
    },
  );

  app.delete(
    '/invitations/:id',
    {
      config: admin,
      schema: { tags: ['invitations'], params: invitationParams, response: withErrors({ 204: noContent }) },
    },
    async (request, reply) => {
      const actor = userOf(request);
      await db.transaction((tx) => organization.revokeInvitation(tx, actor, request.params.id));
      return reply.status(204).send();
    },
  );
};
