import type { FastifyBaseLogger } from 'fastify';
import type { ChangeBus } from '../../db/change-bus';
import type { Database } from '../../db/client';
import type { PayloadCache } from '../sdk-payload/service';
import { enqueueWebhookEvent } from './service';
import { markRevisionAnnounced, selectEnvironments, selectSubscribers } from './store';

/** Changes often come in bursts (a flag saved in three environments): one look after the burst is enough. */
const SETTLE_MS = 300;

/**
 * Announces `payload.revised` when an environment's SDK payload gets a new revision. The revision exists only once the
 * change committed and the payload was rebuilt, so this runs after the commit, on the change bus, in every server
 * process; the announced-revision row lets exactly one of them write the outbox row. A process that dies between the
 * commit and this look leaves the revision unannounced until the project's next change.
 */
export function watchPayloadRevisions(options: {
  db: Database;
  changes: ChangeBus;
  payloads: PayloadCache;
  log: FastifyBaseLogger;
  onQueued: () => void;
}): () => void {
  const { db, changes, payloads, log, onQueued } = options;
  const pending = new Map<string, NodeJS.Timeout>();

  const announce = async (projectId: string) => {
    const { webhookIds } = await selectSubscribers(db, projectId, 'payload.revised');
    if (webhookIds.length === 0) return;
    let queued = false;
    for (const scope of await selectEnvironments(db, projectId)) {
      const { revision } = (await payloads.latest(scope)).payload;
      const wrote = await db.transaction(async (tx) => {
        if (!(await markRevisionAnnounced(tx, scope.environmentId, revision))) return false;
        const data = { environment: scope.environmentKey, revision };
        return (await enqueueWebhookEvent(tx, { projectId, type: 'payload.revised', actor: null, data })).length > 0;
      });
      queued ||= wrote;
    }
    if (queued) onQueued();
  };

  const unsubscribe = changes.subscribe(({ projectId }) => {
    // A gap in notifications names no project; the next change of each one announces what it missed.
    if (projectId === null) return;
    clearTimeout(pending.get(projectId));
    const timer = setTimeout(() => {
      pending.delete(projectId);
      announce(projectId).catch((error: unknown) =>
        log.warn({ err: error, projectId }, 'could not announce a payload revision to webhooks'),
      );
    }, SETTLE_MS);
    timer.unref();
    pending.set(projectId, timer);
  });

  return () => {
    unsubscribe();
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
  };
}
