import type { EventBatchResult, SdkEvent } from '@tabula/protocol';
import { explain, isObject, Problem } from '../core';
import { MAX_EVENTS_PER_BATCH, MAX_QUEUED_EVENTS, QUEUE_SAVE_DELAY_MS, SDK_NAME } from './constants';
import { uuid } from './ids';
import type { ClientHost } from './options';
import { scalars } from './scalars';
import { later } from './timers';
import { createFlagUsage, type EvaluationCounts } from './usage';

export interface EventQueue {
  enqueue(event: SdkEvent): void;
  /** Saves the queue, then sends the oldest batch; resolves when the server answered (or did not), never rejects. */
  flush(): Promise<void>;
  /** Stops listening to the page. */
  stop(): void;
}

/**
 * Track and exposure events carry the unit's attributes as the client held them, of which only the scalar values the
 * server accepts travel. A track event also carries the properties as the page gave them: a copy of them as they were
 * when tracked, when they are an object. Done here, not in the snippet bundle, for the events the page queued before
 * this part was loaded too (their record in storage holds them as JSON: copied already).
 */
const cleaned = (event: SdkEvent): SdkEvent => ({
  ...event,
  attributes: event.attributes && scalars(event.attributes),
  ...(event.type === 'track' && {
    properties: isObject(event.properties) ? JSON.parse(JSON.stringify(event.properties)) : undefined,
  }),
});

const parseQueue = (data: unknown): SdkEvent[] | undefined =>
  Array.isArray(data)
    ? data
        .filter((event) => typeof event?.id === 'string' && (event.type === 'exposure' || event.type === 'track'))
        .map(cleaned)
    : undefined;

/** Who reports the usage: the SDK's name and version, and a server-side client's instance id. */
interface Reporter {
  name: string;
  version: string;
  instance?: string;
}

/**
 * The body of a batch; sent as text/plain, which keeps the POST a "simple" cross-origin request (no preflight).
 * Without usage it is the `{ events }` every server version takes.
 */
const batchBody = (events: SdkEvent[], counts: EvaluationCounts, sdk: Reporter): string =>
  JSON.stringify(Object.keys(counts).length ? { events, evaluations: counts, sdk } : { events });

/**
 * The queue lives in memory, so an event costs the same whatever the queue holds, and is saved to storage within
 * QUEUE_SAVE_DELAY_MS of a change, before each flush, and as the page goes away. An event leaves it only when the
 * server has answered 202 (or refused the batch as malformed), so a 5xx, a lost network or a closed page loses
 * nothing. A save merges with what storage holds, so two tabs of one site add to the same queue rather than
 * overwrite each other, and each sends the other's events too. Resending is safe: the server recognises event ids it
 * has already stored, and reporting a flag's usage twice only repeats its time.
 */
export function createEventQueue(
  options: Pick<ClientHost, 'url' | 'fetch' | 'report' | 'version' | 'evaluated' | 'queueStore'>,
): EventQueue {
  const { report } = options;
  const url = options.url('events');
  const usage = createFlagUsage(options.evaluated);
  const store = options.queueStore(parseQueue);
  // A server-side client is one instance; browsers are counted together, not one per page view.
  const sdk: Reporter = {
    name: SDK_NAME,
    version: options.version,
    instance: typeof document === 'object' ? undefined : uuid(),
  };
  let queue: SdkEvent[] = store.read() || [];
  /** Ids that left the queue since the last save (sent, or dropped when it was full): storage must forget them too. */
  let gone = new Set<string>();
  let cancelSave: (() => void) | undefined;
  // sendBeacon never says whether the server took the batch: beaconed events stay queued (so a later fetch or the
  // next page load confirms them) and are only kept from being beaconed twice from this page.
  const beaconed = new Set<string>();
  let sending: Promise<void> | undefined;
  let pausedUntil = 0;

  const drop = (events: SdkEvent[]): void => {
    for (const event of events) gone.add(event.id);
  };

  /** Keeps the newest events when there are too many; the oldest are dropped and reported. */
  const bound = (): void => {
    const over = queue.length - MAX_QUEUED_EVENTS;
    if (over > 0) {
      drop(queue.splice(0, over));
      report(new Error(explain(Problem.QueueFull, over)));
    }
  };

  const changed = (): void => {
    cancelSave ||= later(save, QUEUE_SAVE_DELAY_MS);
  };

  function save(): void {
    if (!cancelSave) return;
    cancelSave();
    cancelSave = undefined;
    const held = new Set(queue.map((event) => event.id));
    // What other tabs queued meanwhile goes first: it is older than what this page has just added, or as old.
    const others = (store.read() || []).filter((event) => !held.has(event.id) && !gone.has(event.id));
    queue = others.concat(queue);
    gone = new Set();
    bound();
    store.write(queue);
  }

  const send = async (): Promise<void> => {
    const batch = queue.slice(0, MAX_EVENTS_PER_BATCH);
    const counts = usage.pending();
    if (!(batch.length || Object.keys(counts).length) || Date.now() < pausedUntil) return;
    const response = await options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: batchBody(batch, counts, sdk),
    });
    const { status } = response;
    if (status >= 500 || status === 429) {
      const retryAfter = Number(response.headers.get('retry-after'));
      if (retryAfter > 0) pausedUntil = Date.now() + retryAfter * 1000;
      throw new Error(explain(Problem.EventsKept, status));
    }
    const sent = new Set(batch.map((event) => event.id));
    queue = queue.filter((event) => !sent.has(event.id));
    drop(batch);
    if (batch.length) changed();
    usage.reported(counts);
    if (!response.ok) throw new Error(explain(Problem.EventsDropped, status));
    const { rejected } = (await response.json()) as EventBatchResult;
    if (rejected?.length) throw new Error(explain(Problem.EventsRejected, JSON.stringify(rejected)));
  };

  // Usage a beacon carries counts as reported: unlike events it is not kept for a confirmation, since a lost beacon
  // only loses a page's last few counts. Counts waiting for the report interval go too: the page will not send them.
  const beacon = (): void => {
    save();
    const batch = queue.filter((event) => !beaconed.has(event.id)).slice(0, MAX_EVENTS_PER_BATCH);
    const counts = usage.pending(true);
    const { navigator } = globalThis;
    if ((batch.length || Object.keys(counts).length) && navigator?.sendBeacon?.(url, batchBody(batch, counts, sdk))) {
      for (const event of batch) beaconed.add(event.id);
      usage.reported(counts);
    }
  };
  // What is queued leaves with a beacon as the page goes away, or is hidden: a mobile browser may discard a hidden page
  // without a pagehide.
  const onPageHide = (event: Event): void => {
    if (event.type === 'pagehide' || document.visibilityState === 'hidden') beacon();
  };
  const listening = typeof document === 'object';
  if (listening) {
    addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onPageHide);
  }

  return {
    enqueue(event) {
      queue.push(cleaned(event));
      bound();
      changed();
    },
    flush() {
      save();
      sending ||= send()
        .catch(report)
        .finally(() => {
          sending = undefined;
        });
      return sending;
    },
    stop() {
      if (!listening) return;
      removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onPageHide);
    },
  };
}
