import type {
  AnyProviderEvent,
  EventContext,
  EventDetails,
  EventHandler,
  Logger,
  ProviderEventEmitter,
} from '@openfeature/core';

/**
 * The provider's event channel. Each OpenFeature SDK ships its own emitter class, but importing one would make the
 * other SDK a requirement of this module too; this one needs neither, so a page installs only the web SDK and a
 * server only the server SDK.
 */
export class ProviderEvents<E extends AnyProviderEvent> implements ProviderEventEmitter<E> {
  private readonly handlers = new Map<AnyProviderEvent, Set<EventHandler>>();
  private logger: Logger | undefined;

  emit(event: E, context?: EventContext): void {
    for (const handler of this.getHandlers(event)) {
      // Asynchronously, like the SDKs' own emitters, so that one failing handler cannot stop the others.
      queueMicrotask(async () => {
        try {
          await handler(context as EventDetails);
        } catch (error) {
          this.logger?.error('Error running event handler:', error);
        }
      });
    }
  }

  addHandler(event: AnyProviderEvent, handler: EventHandler): void {
    const handlers = this.handlers.get(event) ?? new Set();
    handlers.add(handler);
    this.handlers.set(event, handlers);
  }

  removeHandler(event: AnyProviderEvent, handler: EventHandler): void {
    this.handlers.get(event)?.delete(handler);
  }

  removeAllHandlers(event?: AnyProviderEvent): void {
    if (event === undefined) this.handlers.clear();
    else this.handlers.delete(event);
  }

  getHandlers(event: AnyProviderEvent): EventHandler[] {
    return [...(this.handlers.get(event) ?? [])];
  }

  setLogger(logger: Logger): this {
    this.logger = logger;
    return this;
  }
}
