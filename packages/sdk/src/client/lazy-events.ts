// The event queue (events.ts) is a part (parts.ts): the snippet starts loading it at once, but the page's first paint
// waits only for the snippet, not for it. Until it is there, each event goes straight to the queue's record in
// storage, where the queue finds it when it starts, on this page or on a later one: an event sent before the part is
// in, or while it cannot be loaded (the server is down), is not lost.
import type { SdkEvent } from '@tabula/protocol';
import { MAX_QUEUED_EVENTS } from './constants';
import type { EventQueue, EventQueueOptions } from './events';
import { loadPart } from './parts';
import { createStore } from './storage';

export interface LazyEventQueue {
  enqueue(event: SdkEvent): void;
  /** Sends queued events now (loading the queue if need be); never rejects. */
  flush(): Promise<void>;
  /** Sends what is queued and stops listening to the page. */
  stop(): Promise<void>;
}

export function createLazyEventQueue(options: EventQueueOptions): LazyEventQueue {
  let queue: EventQueue | undefined;
  let loading: Promise<EventQueue | undefined> | undefined;
  // The queue's own record, which it checks event by event when it reads it; the queue reports what the bound drops.
  const store = createStore<SdkEvent[]>({
    key: options.storageKey,
    version: 1,
    parse: (data) => (Array.isArray(data) ? data : undefined),
    storage: options.storage,
  });
  const load = () =>
    (loading ||= loadPart('events').then(
      (part) => (queue = part.createEventQueue(options)),
      (error) => {
        // The next flush tries again.
        loading = undefined;
        options.report(error);
        return undefined;
      },
    ));

  void load();
  return {
    enqueue(event) {
      if (queue) queue.enqueue(event);
      else store.write((store.read() || []).concat(event).slice(-MAX_QUEUED_EVENTS));
    },
    flush: () => load().then((loaded) => loaded?.flush()),
    stop: () =>
      load().then((loaded) => {
        void loaded?.flush();
        loaded?.stop();
      }),
  };
}
