import { z } from 'zod';
import { breakdownAttributesSchema } from './breakdowns';
import {
  descriptionSchema,
  idSchema,
  keySchema,
  nameSchema,
  roleSchema,
  timestampSchema,
  userSummarySchema,
} from './common';
import { API_KEY_KINDS, PROJECT_ROLES } from './constants';
import { staleAfterDaysSchema } from './flag-usage';
import { statisticsSettingsSchema } from './statistics-settings';

export const projectRoleSchema = z.enum(PROJECT_ROLES);
export type ProjectRole = z.infer<typeof projectRoleSchema>;

export const MAX_REQUIRED_APPROVALS = 5;
export const requiredApprovalsSchema = z.number().int().min(0).max(MAX_REQUIRED_APPROVALS);

export const environmentSchema = z.object({
  id: idSchema,
  key: z.string(),
  name: z.string(),
  createdAt: timestampSchema,
  /**
   * The key (base64) the SDK decrypts this environment's payload with, or null when the payload is served in clear.
   * It is as public as the client key: pages carry both.
   */
  payloadKey: z.string().nullable(),
  /** Changing what it serves needs the project's protected-environment grant; admins hold it always. */
  protected: z.boolean(),
  /**
   * While protected, changes to its switch and rules, experiment starts and stops, and segment edits reaching it
   * become change requests needing this many approvals from others; 0 applies them at once.
   */
  requiredApprovals: z.number().int(),
});
export type Environment = z.infer<typeof environmentSchema>;
export const environmentListSchema = z.object({ environments: z.array(environmentSchema) });

export const projectSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  createdAt: timestampSchema,
  environments: z.array(environmentSchema),
  statistics: statisticsSettingsSchema,
  /** What the caller may do in it. */
  access: z.object({ role: roleSchema, protectedEnvironments: z.boolean() }),
  /** A flag no SDK evaluated, or serving one value everywhere, for this many days is potentially stale. */
  staleAfterDays: z.number().int(),
  /**
   * Whether visual experiments' versions may run custom JavaScript. Off by default; only admins turn it on, and only
   * admins write a version's script.
   */
  customScripts: z.boolean(),
  /** Attributes results may be broken down by, when exposures carry them (`dimensions.attributes`). */
  breakdownAttributes: z.array(z.string()),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.object({ projects: z.array(projectSchema) });

export const createProjectBodySchema = z.strictObject({
  name: nameSchema,
  description: descriptionSchema.default(''),
});
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;
export const updateProjectBodySchema = z
  .strictObject({
    name: nameSchema,
    description: descriptionSchema,
    /** Only the settings given change. */
    statistics: statisticsSettingsSchema.partial(),
    staleAfterDays: staleAfterDaysSchema,
    customScripts: z.boolean(),
    breakdownAttributes: breakdownAttributesSchema,
  })
  .partial()
  .refine(
    (body) => Object.keys(body).length > 0,
    'Please input name, description, statistics, staleAfterDays, customScripts or breakdownAttributes',
  );
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

export const createEnvironmentBodySchema = z.strictObject({
  key: keySchema,
  name: nameSchema,
  protected: z.boolean().default(false),
});
export type CreateEnvironmentBody = z.infer<typeof createEnvironmentBodySchema>;
export const updateEnvironmentBodySchema = z
  .strictObject({
    name: nameSchema,
    /** On: the payload is served encrypted under a new key (kept while it stays on); off: served in clear again. */
    encryptPayload: z.boolean(),
    protected: z.boolean(),
    requiredApprovals: requiredApprovalsSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Please input name, encryptPayload, protected or requiredApprovals');
export type UpdateEnvironmentBody = z.infer<typeof updateEnvironmentBodySchema>;

export const apiKeyKindSchema = z.enum(API_KEY_KINDS);
export type ApiKeyKind = z.infer<typeof apiKeyKindSchema>;

export const apiKeySchema = z.object({
  id: idSchema,
  kind: apiKeyKindSchema,
  name: z.string(),
  environment: z.string().describe('environment key'),
  /** Client keys are public and always shown; a secret key shows only its prefix after creation. */
  key: z.string().nullable(),
  /** A client key's environment's payload key, which the SDK needs beside it while that payload is encrypted. */
  decryptionKey: z.string().nullable(),
  prefix: z.string(),
  /** What a secret key may do in its project; client keys only read their environment's payload. */
  role: projectRoleSchema,
  protectedEnvironments: z.boolean(),
  createdAt: timestampSchema,
  createdBy: userSummarySchema.nullable(),
  lastUsedAt: timestampSchema.nullable(),
  revokedAt: timestampSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

export const createApiKeyBodySchema = z.strictObject({
  name: nameSchema,
  kind: apiKeyKindSchema,
  environment: keySchema,
  /** For secret keys: what they may do, and whether they may change protected environments. */
  role: projectRoleSchema.default('editor'),
  protectedEnvironments: z.boolean().default(false),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
/** The creation response is the only time a secret key is shown whole. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
