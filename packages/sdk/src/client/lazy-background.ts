// What the client does in the background, the event queue and the payload's updates, is a part (parts.ts): the
// snippet starts loading it at once, but the page's first paint waits only for the snippet, not for it. Until it is
// there, each event goes straight to the queue's record in storage, where the queue finds it when it starts, on this
// page or on a later one: an event sent before the part is in, or while it cannot be loaded (the server is down), is
// not lost. The payload's first request does not wait for the part either: it goes out at once, and the part reads
// its answer.
import type { SdkEvent } from '@tabula/protocol';
import { FLUSH_INTERVAL_MS, MAX_QUEUED_EVENTS } from './constants';
import type { EventQueue } from './events';
import type { ClientHost } from './options';
import { loadPart } from './parts';
import { later } from './timers';

/** What the client hands the background part: what it hands every part, and its loader of parts (see updates.ts). */
export type BackgroundHost = ClientHost & { load: typeof loadPart };

export interface Background {
  enqueue(event: SdkEvent): void;
  /** Sends queued events now (loading the part if need be); never rejects. */
  flush(): Promise<void>;
  /** Stops the updates, sends what is queued and stops listening to the page. */
  stop(): void;
}

/**
 * Starts the background work of a client. A flush (every `flushInterval` ms, or the page's own) that finds the part
 * missing loads it again, so a part that failed to load is in once the server is back.
 */
export function startBackground(host: BackgroundHost): Background {
  let queue: EventQueue | undefined;
  let loading: Promise<EventQueue | undefined> | undefined;
  let stopped = false;
  let stopUpdates = (): void => {};
  // The queue's own record, which it checks event by event when it reads it; the queue reports what the bound drops.
  const store = host.queueStore((data) => (Array.isArray(data) ? data : undefined));
  // Sent in a microtask, once the client has served the payload it has (cached or given), which the request then
  // revalidates with its ETag. A failure is the part's to report: until the part is in, it is no unhandled rejection.
  const first = Promise.resolve().then(host.request);
  first.catch(() => {});
  const load = () =>
    (loading ||= loadPart('background').then(
      (part) => {
        if (!stopped) stopUpdates = part.updates(host, first);
        queue = part.events(host);
        return queue;
      },
      (error) => {
        // The next flush tries again.
        loading = undefined;
        host.report(error);
        return undefined;
      },
    ));
  const flush = () => load().then((loaded) => loaded?.flush());
  const stopFlushing = later(flush, host.settings.flushInterval || FLUSH_INTERVAL_MS, true);

  void load();
  return {
    enqueue(event) {
      if (queue) queue.enqueue(event);
      else store.write((store.read() || []).concat(event).slice(-MAX_QUEUED_EVENTS));
    },
    flush,
    stop() {
      stopped = true;
      stopFlushing();
      stopUpdates();
      void load().then((loaded) => {
        void loaded?.flush();
        loaded?.stop();
      });
    },
  };
}
