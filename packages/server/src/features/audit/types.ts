import type { AuditEntityType } from '@tabula/protocol';

export interface Actor {
  kind: 'user' | 'api_key' | 'system';
  id: string | null;
  name: string | null;
}

/** Who is acting, and in which organization: what every audited use case needs to know about its caller. */
export interface Acting {
  organizationId: string;
  actor: Actor;
}

/** One change, written in the same transaction as the change itself. */
export interface AuditEvent {
  organizationId: string;
  projectId: string | null;
  actor: Actor;
  /** `<entity>.<past-tense verb>`, e.g. project.created, api_key.revoked. */
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditRecord extends Required<AuditEvent> {
  id: number;
  at: Date;
}

export interface AuditFilter {
  organizationId: string;
  projectId?: string | undefined;
  entityType?: AuditEntityType | undefined;
  actorId?: string | undefined;
  entityId?: string | undefined;
  beforeId?: number | undefined;
  limit: number;
}
