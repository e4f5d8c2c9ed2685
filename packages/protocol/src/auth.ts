import { z } from 'zod';
import { emailSchema, idSchema, nameSchema, roleSchema, timestampSchema } from './common';

/** NIST SP 800-63B's floor for a password chosen by its user, with no rules of composition. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** What a new password must be; the server also refuses one equal to the email or among the most common. */
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Please input valid password: at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Please input valid password: at most ${MAX_PASSWORD_LENGTH} characters`);

/** The server's words for a password it refuses for what it is, not its length. */
export const PASSWORD_IS_EMAIL = 'Please input valid password: it must not be your email address';
export const PASSWORD_IS_COMMON = 'Please input valid password: it is one of the most common passwords';

export const signupBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  organizationName: nameSchema,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/** A password as typed at sign-in, before any rule of a new one applies. */
const currentPasswordSchema = z.string().min(1, 'Please input password').max(MAX_PASSWORD_LENGTH);

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Who is signed in, in which organization, with which role; the CSRF token goes in the x-csrf-token header. */
export const meSchema = z.object({
  user: z.object({
    id: idSchema,
    email: z.string(),
    name: z.string(),
    createdAt: timestampSchema,
    /** Signs in with a second factor (TOTP). */
    mfaEnabled: z.boolean(),
  }),
  organization: z.object({
    id: idSchema,
    name: z.string(),
    /** Every member must use a second factor; one without it can only set it up until they do. */
    requireMfa: z.boolean(),
  }),
  role: roleSchema,
  csrfToken: z.string(),
  /**
   * This session can reach only its account until the user sets up a second factor: the organization requires one,
   * and the session was signed in with a password alone (single sign-on relies on the provider's own).
   */
  mfaSetupRequired: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** A right password of an account with a second factor: the code comes next, with this challenge (202). */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: timestampSchema,
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** A six-digit code from the authenticator app, or one of the recovery codes. */
export const mfaCodeSchema = z.string().trim().min(6, 'Please input valid code').max(32, 'Please input valid code');

export const loginMfaBodySchema = z.strictObject({
  challenge: z.string().min(1).max(1000),
  code: mfaCodeSchema,
});
export type LoginMfaBody = z.infer<typeof loginMfaBodySchema>;

export const mfaCodeBodySchema = z.strictObject({ code: mfaCodeSchema });
export type MfaCodeBody = z.infer<typeof mfaCodeBodySchema>;

/** A new second factor to add to an authenticator app; it counts once a first code from it is confirmed. */
export const mfaSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

/** Shown once: each code signs in once in place of the authenticator. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const disableMfaBodySchema = z.strictObject({ password: currentPasswordSchema });
export type DisableMfaBody = z.infer<typeof disableMfaBodySchema>;

/** One signed-in browser of the caller, for the session list. */
export const sessionInfoSchema = z.object({
  id: idSchema,
  createdAt: timestampSchema,
  lastSeenAt: timestampSchema,
  expiresAt: timestampSchema,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The link an admin hands a member to set a new password (shown once, like an invitation's). */
export const createdPasswordResetSchema = z.object({ url: z.string(), expiresAt: timestampSchema });
export type CreatedPasswordReset = z.infer<typeof createdPasswordResetSchema>;

export const passwordResetPreviewSchema = z.object({ email: z.string(), expiresAt: timestampSchema });
export type PasswordResetPreview = z.infer<typeof passwordResetPreviewSchema>;

export const completePasswordResetBodySchema = z.strictObject({ password: passwordSchema });
export type CompletePasswordResetBody = z.infer<typeof completePasswordResetBodySchema>;

export const organizationSettingsSchema = z.object({ id: idSchema, name: z.string(), requireMfa: z.boolean() });
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
export const updateOrganizationBodySchema = z.strictObject({ requireMfa: z.boolean() });
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

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
