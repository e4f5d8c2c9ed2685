import { z } from 'zod';
import { emailSchema, idSchema, nameSchema, roleSchema, timestampSchema } from './common';

export const passwordSchema = z
  .string()
  .min(8, 'Please input valid password: at least 8 characters')
  .max(200, 'Please input valid password: at most 200 characters');

export const signupBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  organizationName: nameSchema,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'Please input password').max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Who is signed in, in which organization, with which role; the CSRF token goes in the x-csrf-token header. */
export const meSchema = z.object({
  user: z.object({ id: idSchema, email: z.string(), name: z.string(), createdAt: timestampSchema }),
  organization: z.object({ id: idSchema, name: z.string() }),
  role: roleSchema,
  csrfToken: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** What the sign-in page needs to know before anyone is signed in. */
export const authSetupSchema = z.object({
  signupOpen: z.boolean(),
  sso: z.object({ enabled: z.boolean(), label: z.string() }),
});
export type AuthSetup = z.infer<typeof authSetupSchema>;

/** Spec §7: the identity-provider code exchange; the response carries a non-empty token (the session's CSRF token). */
export const ssoExchangeBodySchema = z.strictObject({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  /** RFC 9207: the provider names itself in the callback, which guards against mix-up attacks. */
  iss: z.string().max(2048).optional(),
});
export type SsoExchangeBody = z.infer<typeof ssoExchangeBodySchema>;
export const ssoExchangeResultSchema = z.object({ token: z.string().min(1), me: meSchema });

export const invitationPreviewSchema = z.object({
  organization: z.object({ name: z.string() }),
  role: roleSchema,
  email: z.string().nullable(),
  expiresAt: timestampSchema,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;
