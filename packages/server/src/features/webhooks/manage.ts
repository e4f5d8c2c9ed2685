import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryQuery,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import { invalidField, notFound } from '../../http/app-error';
import { newId } from '../../lib/ids';
import { randomToken } from '../../lib/tokens';
import { type Acting, recordAudit } from '../audit/service';
import { RETRY_WINDOW_MS } from './backoff';
import { enqueueWebhookEvent } from './service';
import {
  deleteWebhookRow,
  insertWebhook,
  resetDelivery,
  selectDeliveries,
  selectWebhook,
  selectWebhooks,
  updateWebhookRow,
} from './store';
import type { Webhook, WebhookDelivery } from './types';

/** Seals and opens signing secrets; the server's secret derives its key. */
export interface SecretSealer {
  seal(plain: string): string;
}

const newSecret = () => `whsec_${randomToken(24)}`;

/** Chat tools' webhook URLs are credentials themselves: the audit trail keeps where they point, not the whole URL. */
const auditSnapshot = (hook: Webhook) => ({
  name: hook.name,
  url: new URL(hook.url).origin,
  events: hook.events,
  format: hook.format,
  enabled: hook.enabled,
});

const audit = (tx: Database, acting: Acting, action: string, hook: Webhook, before: unknown, after: unknown) =>
  recordAudit(tx, {
    ...acting,
    projectId: hook.projectId,
    action,
    entityType: 'webhook',
    entityId: hook.id,
    before,
    after,
  });

export const listWebhooks = (db: Database, projectId: string) => selectWebhooks(db, projectId);

export async function getWebhook(db: Database, projectId: string, id: string): Promise<Webhook> {
  const hook = await selectWebhook(db, projectId, id);
  if (!hook) throw notFound('Webhook');
  return hook;
}

/** The secret is returned here and on rotation only; the database holds it sealed. */
export async function createWebhook(
  tx: Database,
  sealer: SecretSealer,
  acting: Acting,
  projectId: string,
  input: CreateWebhookBody,
): Promise<{ webhook: Webhook; secret: string }> {
  const secret = newSecret();
  const hook = await insertWebhook(tx, { id: newId(), projectId, ...input, secret: sealer.seal(secret) });
  await audit(tx, acting, 'webhook.created', hook, null, auditSnapshot(hook));
  return { webhook: hook, secret };
}

export async function updateWebhook(
  tx: Database,
  acting: Acting,
  projectId: string,
  id: string,
  input: UpdateWebhookBody,
): Promise<Webhook> {
  const before = await getWebhook(tx, projectId, id);
  const after = (await updateWebhookRow(tx, projectId, id, input))!;
  await audit(tx, acting, 'webhook.updated', after, auditSnapshot(before), auditSnapshot(after));
  return after;
}

export async function rotateWebhookSecret(
  tx: Database,
  sealer: SecretSealer,
  acting: Acting,
  projectId: string,
  id: string,
): Promise<{ webhook: Webhook; secret: string }> {
  await getWebhook(tx, projectId, id);
  const secret = newSecret();
  const hook = (await updateWebhookRow(tx, projectId, id, { secret: sealer.seal(secret) }))!;
  await audit(tx, acting, 'webhook.secret_rotated', hook, null, { name: hook.name });
  return { webhook: hook, secret };
}

/** Its deliveries go with it, sent or not. */
export async function deleteWebhook(tx: Database, acting: Acting, projectId: string, id: string): Promise<void> {
  const hook = await getWebhook(tx, projectId, id);
  await deleteWebhookRow(tx, projectId, id);
  await audit(tx, acting, 'webhook.deleted', hook, auditSnapshot(hook), null);
}

export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  nextCursor: string | null;
}

export async function listDeliveries(
  db: Database,
  projectId: string,
  webhookId: string,
  query: WebhookDeliveryQuery,
): Promise<DeliveryPage> {
  await getWebhook(db, projectId, webhookId);
  if (query.before !== undefined && !/^\d{1,15}$/.test(query.before)) {
    throw invalidField('before', 'Please input valid cursor');
  }
  const deliveries = await selectDeliveries(
    db,
    {
      projectId,
      webhookId,
      status: query.status,
      ...(query.before !== undefined && { beforeSeq: Number(query.before) }),
    },
    query.limit,
  );
  const last = deliveries.at(-1);
  return { deliveries, nextCursor: deliveries.length === query.limit && last ? String(last.seq) : null };
}

/** Sends the same event again under the same idempotency id, with a fresh 24-hour retry window. */
export async function resendDelivery(
  tx: Database,
  where: { projectId: string; webhookId: string; id: string },
): Promise<WebhookDelivery> {
  const row = await resetDelivery(tx, where, new Date(Date.now() + RETRY_WINDOW_MS));
  if (!row) throw notFound('Delivery');
  return row;
}

/** A `webhook.test` event through the outbox, like any other, to this webhook whatever it subscribed to. */
export async function sendTestEvent(tx: Database, acting: Acting, projectId: string, webhookId: string) {
  const hook = await getWebhook(tx, projectId, webhookId);
  const [id] = await enqueueWebhookEvent(
    tx,
    {
      projectId,
      type: WEBHOOK_TEST_EVENT,
      actor: acting.actor,
      data: { webhook: { id: hook.id, name: hook.name }, message: 'This is a test delivery from Tabula.' },
    },
    hook.id,
  );
  return id!;
}
