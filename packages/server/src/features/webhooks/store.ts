import { WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus } from '@tabula/protocol';
import { and, arrayContains, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { environment, payloadRevisionAnnounced, project, webhook, webhookDelivery } from '../../db/schema';
import { type DeliveryFailure, failureSentence } from './failure';
import type { ClaimedDelivery, Webhook, WebhookDelivery, WebhookEventBody } from './types';

const webhookColumns = {
  id: webhook.id,
  projectId: webhook.projectId,
  name: webhook.name,
  url: webhook.url,
  events: webhook.events,
  format: webhook.format,
  enabled: webhook.enabled,
  createdAt: webhook.createdAt,
  updatedAt: webhook.updatedAt,
};
const asWebhook = (row: Omit<Webhook, 'events'> & { events: string[] }): Webhook => row as Webhook;

export async function selectWebhooks(db: Database, projectId: string): Promise<Webhook[]> {
  const rows = await db
    .select(webhookColumns)
    .from(webhook)
    .where(eq(webhook.projectId, projectId))
    .orderBy(asc(webhook.createdAt), asc(webhook.id));
  return rows.map(asWebhook);
}

export async function selectWebhook(db: Database, projectId: string, id: string): Promise<Webhook | null> {
  const [row] = await db
    .select(webhookColumns)
    .from(webhook)
    .where(and(eq(webhook.projectId, projectId), eq(webhook.id, id)));
  return row ? asWebhook(row) : null;
}

export async function insertWebhook(
  tx: Database,
  row: Omit<Webhook, 'createdAt' | 'updatedAt'> & { secret: string },
): Promise<Webhook> {
  const [inserted] = await tx.insert(webhook).values(row).returning(webhookColumns);
  return asWebhook(inserted!);
}

export async function updateWebhookRow(
  tx: Database,
  projectId: string,
  id: string,
  changes: Partial<Pick<Webhook, 'name' | 'url' | 'events' | 'format' | 'enabled'>> & { secret?: string },
): Promise<Webhook | null> {
  const [row] = await tx
    .update(webhook)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(webhook.projectId, projectId), eq(webhook.id, id)))
    .returning(webhookColumns);
  return row ? asWebhook(row) : null;
}

export async function deleteWebhookRow(tx: Database, projectId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(webhook)
    .where(and(eq(webhook.projectId, projectId), eq(webhook.id, id)))
    .returning({ id: webhook.id });
  return rows.length > 0;
}

/** The project's name and its enabled webhooks subscribed to `type` (all of them, enabled or not, for `only`). */
export async function selectSubscribers(
  tx: Database,
  projectId: string,
  type: string,
  only?: string,
): Promise<{ projectName: string; webhookIds: string[] }> {
  const [named] = await tx.select({ name: project.name }).from(project).where(eq(project.id, projectId));
  if (!named) return { projectName: '', webhookIds: [] };
  const rows = await tx
    .select({ id: webhook.id })
    .from(webhook)
    .where(
      only === undefined
        ? and(eq(webhook.projectId, projectId), eq(webhook.enabled, true), arrayContains(webhook.events, [type]))
        : and(eq(webhook.projectId, projectId), eq(webhook.id, only)),
    );
  return { projectName: named.name, webhookIds: rows.map((row) => row.id) };
}

export async function insertDeliveries(
  tx: Database,
  rows: { id: string; projectId: string; webhookId: string; body: WebhookEventBody; retryUntil: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(webhookDelivery).values(
    rows.map((row) => ({
      id: row.id,
      projectId: row.projectId,
      webhookId: row.webhookId,
      eventType: row.body.type,
      body: row.body as unknown as Record<string, unknown>,
      retryUntil: row.retryUntil,
    })),
  );
}

/**
 * Takes up to `limit` due deliveries of enabled webhooks for one attempt each. They stay pending but are not due
 * again for `leaseMs`: another worker skips them meanwhile, and a worker that dies mid-attempt leaves them to be
 * retried once the lease runs out (at least once, never lost).
 */
export async function claimDueDeliveries(db: Database, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDelivery.id })
      .from(webhookDelivery)
      .innerJoin(webhook, eq(webhook.id, webhookDelivery.webhookId))
      .where(
        and(
          eq(webhookDelivery.status, 'pending'),
          lte(webhookDelivery.nextAttemptAt, sql`now()`),
          // A test is sent even to a disabled webhook: checking one before turning it on is what tests are for.
          or(eq(webhook.enabled, true), eq(webhookDelivery.eventType, WEBHOOK_TEST_EVENT)),
        ),
      )
      .orderBy(asc(webhookDelivery.nextAttemptAt))
      .limit(limit)
      .for('update', { of: webhookDelivery, skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(webhookDelivery)
      .set({
        attempts: sql`${webhookDelivery.attempts} + 1`,
        lastAttemptAt: sql`now()`,
        nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      })
      .where(
        inArray(
          webhookDelivery.id,
          due.map((row) => row.id),
        ),
      )
      .returning({
        id: webhookDelivery.id,
        attempts: webhookDelivery.attempts,
        eventType: webhookDelivery.eventType,
        body: webhookDelivery.body,
        retryUntil: webhookDelivery.retryUntil,
        webhookId: webhookDelivery.webhookId,
      });
    const hooks = await tx
      .select({ id: webhook.id, url: webhook.url, format: webhook.format, secret: webhook.secret })
      .from(webhook)
      .where(inArray(webhook.id, [...new Set(claimed.map((row) => row.webhookId))]));
    const hookById = new Map(hooks.map((hook) => [hook.id, hook]));
    return claimed.map(({ webhookId, body, ...row }) => {
      const hook = hookById.get(webhookId)!;
      return {
        ...row,
        body: body as unknown as WebhookEventBody,
        url: hook.url,
        format: hook.format,
        sealedSecret: hook.secret,
      };
    });
  });
}

export interface AttemptOutcome {
  responseCode: number | null;
  durationMs: number;
  /** Null when delivered. */
  failure: DeliveryFailure | null;
  /** Set when the attempt failed and another is due then; null when it failed for good. */
  nextAttemptAt?: Date | null;
}

/**
 * Records the attempt numbered `attempts`; a later claim or a resend of the same row (its lease ran out meanwhile)
 * changed `attempts`, and an outcome that arrives after it is only logged in the row's figures, not its status.
 */
export async function recordAttempt(db: Database, id: string, attempts: number, outcome: AttemptOutcome) {
  const { failure } = outcome;
  const delivered = failure === null;
  const status: WebhookDeliveryStatus = delivered ? 'delivered' : outcome.nextAttemptAt ? 'pending' : 'failed';
  await db
    .update(webhookDelivery)
    .set({
      status,
      responseCode: outcome.responseCode,
      durationMs: outcome.durationMs,
      error: failure && failureSentence(failure),
      errorCode: failure?.code ?? null,
      errorParams: failure?.params ?? null,
      ...(delivered && { deliveredAt: new Date() }),
      ...(outcome.nextAttemptAt && { nextAttemptAt: outcome.nextAttemptAt }),
    })
    .where(
      and(eq(webhookDelivery.id, id), eq(webhookDelivery.attempts, attempts), eq(webhookDelivery.status, 'pending')),
    );
}

const deliveryColumns = {
  id: webhookDelivery.id,
  seq: webhookDelivery.seq,
  webhookId: webhookDelivery.webhookId,
  eventType: webhookDelivery.eventType,
  status: webhookDelivery.status,
  attempts: webhookDelivery.attempts,
  responseCode: webhookDelivery.responseCode,
  durationMs: webhookDelivery.durationMs,
  error: webhookDelivery.error,
  errorCode: webhookDelivery.errorCode,
  errorParams: webhookDelivery.errorParams,
  createdAt: webhookDelivery.createdAt,
  nextAttemptAt: webhookDelivery.nextAttemptAt,
  lastAttemptAt: webhookDelivery.lastAttemptAt,
  deliveredAt: webhookDelivery.deliveredAt,
};

export async function selectDeliveries(
  db: Database,
  filter: { projectId: string; webhookId: string; status?: WebhookDeliveryStatus | undefined; beforeSeq?: number },
  limit: number,
): Promise<WebhookDelivery[]> {
  return db
    .select(deliveryColumns)
    .from(webhookDelivery)
    .where(
      and(
        eq(webhookDelivery.projectId, filter.projectId),
        eq(webhookDelivery.webhookId, filter.webhookId),
        filter.status && eq(webhookDelivery.status, filter.status),
        filter.beforeSeq !== undefined ? lt(webhookDelivery.seq, filter.beforeSeq) : undefined,
      ),
    )
    .orderBy(desc(webhookDelivery.seq))
    .limit(limit);
}

/** Due again now, with a new retry window; the id (and so the receiver's idempotency key) stays. */
export async function resetDelivery(
  tx: Database,
  where: { projectId: string; webhookId: string; id: string },
  retryUntil: Date,
): Promise<WebhookDelivery | null> {
  const [row] = await tx
    .update(webhookDelivery)
    .set({ status: 'pending', nextAttemptAt: new Date(), retryUntil, deliveredAt: null })
    .where(
      and(
        eq(webhookDelivery.projectId, where.projectId),
        eq(webhookDelivery.webhookId, where.webhookId),
        eq(webhookDelivery.id, where.id),
      ),
    )
    .returning(deliveryColumns);
  return row ?? null;
}

/** The project's environments, for announcing each one's payload revision. */
export const selectEnvironments = (db: Database, projectId: string) =>
  db
    .select({ projectId: environment.projectId, environmentId: environment.id, environmentKey: environment.key })
    .from(environment)
    .where(eq(environment.projectId, projectId));

/**
 * Records `revision` as the environment's announced one; true only for the one caller that changed it, however many
 * server processes saw the same change.
 */
export async function markRevisionAnnounced(tx: Database, environmentId: string, revision: string): Promise<boolean> {
  const rows = await tx
    .insert(payloadRevisionAnnounced)
    .values({ environmentId, revision })
    .onConflictDoUpdate({
      target: payloadRevisionAnnounced.environmentId,
      set: { revision, announcedAt: new Date() },
      setWhere: sql`${payloadRevisionAnnounced.revision} <> ${revision}`,
    })
    .returning({ environmentId: payloadRevisionAnnounced.environmentId });
  return rows.length > 0;
}
