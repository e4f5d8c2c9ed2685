import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { repeat } from '../../lib/repeat';
import type { secretBox } from '../../lib/secret-box';
import { type BackoffPolicy, DEFAULT_BACKOFF, nextAttemptAt } from './backoff';
import { attemptDelivery, DELIVERY_TIMEOUT_MS } from './deliver';
import { SECRET_UNREADABLE } from './failure';
import { claimDueDeliveries, recordAttempt } from './store';
import type { ClaimedDelivery } from './types';

export interface DeliveryWorkerOptions {
  db: Database;
  secrets: ReturnType<typeof secretBox>;
  log: FastifyBaseLogger;
  backoff?: BackoffPolicy;
  /** How often the outbox is looked at when nothing woke the worker. */
  pollMs?: number;
  /** Deliveries taken and sent at once. */
  batchSize?: number;
  timeoutMs?: number;
  /** Whether receivers on this machine or a private network are sent to (TABULA_WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
}

export interface DeliveryWorker {
  /** New rows may be due: look now rather than at the next poll. */
  wake(): void;
  /**
   * Takes due rows once and sends them, after the loop's round in progress; what the loop does, exposed for tests.
   * Returns how many were sent.
   */
  runOnce(): Promise<number>;
  /** Stops taking rows and waits for the attempts in flight to be recorded. */
  close(): Promise<void>;
}

const DEFAULT_POLL_MS = 2000;
const DEFAULT_BATCH_SIZE = 10;

/**
 * Each server process runs one: due rows are taken with SKIP LOCKED and a lease, so several processes share the
 * outbox and none sends a row another is sending. Errors (the database away, a secret that no longer opens) are
 * logged and the loop goes on.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, secrets, log } = options;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  // A lease outlasting the attempt's timeout: a row is taken again only when its worker surely gave up on it.
  const leaseMs = timeoutMs * 3;

  const send = async (delivery: ClaimedDelivery) => {
    let result: Awaited<ReturnType<typeof attemptDelivery>>;
    try {
      result = await attemptDelivery(delivery, secrets.open(delivery.sealedSecret), {
        timeoutMs,
        allowPrivate: options.allowPrivate,
      });
    } catch (error) {
      log.error({ err: error, delivery: delivery.id }, 'could not sign a webhook delivery');
      result = { responseCode: null, durationMs: 0, failure: SECRET_UNREADABLE };
    }
    const next =
      result.failure === null ? null : nextAttemptAt(backoff, delivery.attempts, new Date(), delivery.retryUntil);
    await recordAttempt(db, delivery.id, delivery.attempts, { ...result, nextAttemptAt: next });
  };

  const round = async (): Promise<number> => {
    const due = await claimDueDeliveries(db, batchSize, leaseMs);
    const sent = await Promise.allSettled(due.map(send));
    for (const outcome of sent) {
      // The row stays pending under its lease and is tried again when that runs out.
      if (outcome.status === 'rejected') log.warn({ err: outcome.reason }, 'could not record a webhook attempt');
    }
    return due.length;
  };

  // A round asked for while the loop's round runs starts after it: the two would take turns at the same rows, and the
  // one that found them leased would end before the other had sent them.
  let turn: Promise<unknown> = Promise.resolve();
  const runOnce = (): Promise<number> => {
    const next = turn.then(round, round);
    turn = next.catch(() => {});
    return next;
  };

  const polling = repeat({
    run: runOnce,
    // A full batch suggests more are due: they go at once.
    every: (taken) => (taken === batchSize ? 0 : pollMs),
    onError: (error) => log.warn({ err: error }, 'could not take webhook deliveries; trying again shortly'),
  });
  return { wake: polling.wake, runOnce, close: polling.close };
}
