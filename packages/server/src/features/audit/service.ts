import type { Database } from '../../db/client';
import { invalidField } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import { enqueueForAudit } from '../webhooks/service';
import { insertAuditEntry, selectAuditEntries } from './store';
import type { Acting, Actor, AuditEvent, AuditFilter, AuditRecord } from './types';

export type { Acting, Actor, AuditEvent } from './types';

export const actorOf = (principal: Principal): Actor =>
  principal.kind === 'user'
    ? { kind: 'user', id: principal.userId, name: principal.name }
    : { kind: 'api_key', id: principal.keyId, name: principal.name };

export const actingOf = (principal: Principal): Acting => ({
  organizationId: principal.organizationId,
  actor: actorOf(principal),
});

/**
 * Call with the use case's transaction, so the entry and the change commit or fail together; so do the webhook
 * deliveries announcing the change (the outbox).
 */
export async function recordAudit(tx: Database, event: AuditEvent): Promise<void> {
  await insertAuditEntry(tx, event);
  await enqueueForAudit(tx, event);
}

export interface AuditPage {
  entries: AuditRecord[];
  nextCursor: string | null;
}

export async function listAudit(
  db: Database,
  query: Omit<AuditFilter, 'beforeId'> & { before?: string | undefined },
): Promise<AuditPage> {
  const { before, ...filter } = query;
  if (before !== undefined && !/^\d{1,15}$/.test(before)) {
    throw invalidField('before', 'Please input valid cursor');
  }
  const entries = await selectAuditEntries(db, {
    ...filter,
    beforeId: before === undefined ? undefined : Number(before),
  });
  const last = entries.at(-1);
  return { entries, nextCursor: entries.length === filter.limit && last ? String(last.id) : null };
}
