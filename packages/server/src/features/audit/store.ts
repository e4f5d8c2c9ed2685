import type { AuditEntityType } from '@tabula/protocol';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { AuditEvent, AuditFilter, AuditRecord } from './types';

export async function insertAuditEntry(tx: Database, event: AuditEvent): Promise<void> {
  await tx.insert(auditLog).values({
    organizationId: event.organizationId,
    projectId: event.projectId,
    actorKind: event.actor.kind,
    actorId: event.actor.id,
    actorName: event.actor.name,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    before: event.before ?? null,
    after: event.after ?? null,
  });
}

export async function selectAuditEntries(db: Database, filter: AuditFilter): Promise<AuditRecord[]> {
  const conditions: SQL[] = [eq(auditLog.organizationId, filter.organizationId)];
  if (filter.projectId) conditions.push(eq(auditLog.projectId, filter.projectId));
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.beforeId !== undefined) conditions.push(lt(auditLog.id, filter.beforeId));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    organizationId: row.organizationId,
    projectId: row.projectId,
    actor: { kind: row.actorKind as AuditRecord['actor']['kind'], id: row.actorId, name: row.actorName },
    action: row.action,
    entityType: row.entityType as AuditEntityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
  }));
}
