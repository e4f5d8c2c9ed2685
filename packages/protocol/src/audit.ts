import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

export const AUDIT_ENTITY_TYPES = [
  'organization',
  'user',
  'member',
  'invitation',
  'project',
  'environment',
  'api_key',
  'flag',
  'segment',
  'layer',
  'experiment',
  'holdout',
  'metric',
  'webhook',
  'change_request',
  'experiment_template',
] as const;
export const auditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);
export type AuditEntityType = z.infer<typeof auditEntityTypeSchema>;

export const auditActorSchema = z.object({
  kind: z.enum(['user', 'api_key', 'system']),
  id: z.string().nullable(),
  name: z.string().nullable(),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  at: timestampSchema,
  actor: auditActorSchema,
  action: z.string().describe('e.g. project.created, api_key.revoked'),
  entityType: auditEntityTypeSchema,
  entityId: z.string(),
  projectId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.strictObject({
  projectId: idSchema.optional(),
  entityType: auditEntityTypeSchema.optional(),
  actorId: idSchema.optional(),
  /** One entity's history, e.g. a flag's. */
  entityId: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Cursor: the id of the last entry of the previous page. */
  before: z.string().max(64).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
