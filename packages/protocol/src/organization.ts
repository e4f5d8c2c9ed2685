import { z } from 'zod';
import { emailSchema, idSchema, roleSchema, timestampSchema, userSummarySchema } from './common';

export const memberSchema = z.object({ user: userSummarySchema, role: roleSchema, joinedAt: timestampSchema });
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ members: z.array(memberSchema) });

export const updateMemberBodySchema = z.strictObject({ role: roleSchema });
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

export const createInvitationBodySchema = z.strictObject({
  role: roleSchema,
  email: emailSchema.optional(),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

export const invitationSchema = z.object({
  id: idSchema,
  role: roleSchema,
  email: z.string().nullable(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  createdBy: userSummarySchema.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });
/** Only the creation response holds the link: the token itself is stored hashed. */
export const createdInvitationSchema = invitationSchema.extend({ url: z.string() });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;
