/**
 * What other features use of webhooks: putting events in the outbox inside their own transaction. This module must
 * not import the audit service (the audit service calls it), so managing webhooks lives in `manage.ts`.
 */
import { WEBHOOK_BODY_VERSION, type WEBHOOK_TEST_EVENT } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { newId } from '../../lib/ids';
import type { AuditEvent } from '../audit/types';
import { RETRY_WINDOW_MS } from './backoff';
import { webhookEventOfAudit } from './event-types';
import { insertDeliveries, selectSubscribers } from './store';
import type { WebhookEvent, WebhookEventBody } from './types';

export type { WebhookEvent } from './types';

/**
 * Writes one outbox row per subscribed webhook (or for `only` that webhook, whatever it subscribed to). Call with the
 * transaction of the change announced: the rows commit, or vanish, with it. Returns how many rows were written.
 */
export async function enqueueWebhookEvent(
  tx: Database,
  event: Omit<WebhookEvent, 'type'> & { type: WebhookEvent['type'] | typeof WEBHOOK_TEST_EVENT },
  only?: string,
): Promise<string[]> {
  const { projectName, webhookIds } = await selectSubscribers(tx, event.projectId, event.type, only);
  if (webhookIds.length === 0) return [];
  const now = new Date();
  const rows = webhookIds.map((webhookId) => {
    const id = newId();
    const body: WebhookEventBody = {
      version: WEBHOOK_BODY_VERSION,
      id,
      type: event.type,
      occurredAt: now.toISOString(),
      project: { id: event.projectId, name: projectName },
      actor: event.actor,
      data: event.data,
    };
    return { id, projectId: event.projectId, webhookId, body, retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS) };
  });
  await insertDeliveries(tx, rows);
  return rows.map((row) => row.id);
}

/** The audit trail sees every change in its transaction; those webhooks announce are queued beside its entry. */
export async function enqueueForAudit(tx: Database, event: AuditEvent): Promise<void> {
  const type = webhookEventOfAudit(event.action);
  if (!type || !event.projectId) return;
  await enqueueWebhookEvent(tx, {
    projectId: event.projectId,
    type,
    actor: event.actor,
    data: {
      action: event.action,
      entityType: event.entityType,
      entityId: event.entityId,
      before: event.before ?? null,
      after: event.after ?? null,
    },
  });
}
