import type { AnyProviderEvent, ClientProviderEvents, ServerProviderEvents } from '@openfeature/core';
import type { TabulaClient } from '../client/client';
import { ProviderEvents } from './emitter';

type Phase = 'starting' | 'ready' | 'waiting';

/**
 * What the web and the server providers share: readiness follows the client's first payload, and every later
 * payload is a configuration change. A client that has no payload when the SDK initialises the provider fails the
 * initialisation (the SDK shows ERROR and serves defaults) and announces Ready itself once a payload arrives.
 */
export abstract class TabulaProvider<E extends ClientProviderEvents | ServerProviderEvents> {
  readonly metadata = { name: 'Tabula' } as const;
  readonly events = new ProviderEvents<E>();
  private phase: Phase = 'starting';
  private unsubscribe = (): void => {};

  constructor(
    protected readonly client: TabulaClient,
    private readonly names: { ready: E; changed: E },
  ) {}

  async initialize(): Promise<void> {
    this.unsubscribe();
    this.phase = 'starting';
    this.unsubscribe = this.client.subscribe(() => this.payloadChanged());
    if (await this.client.ready()) {
      this.phase = 'ready';
      return;
    }
    this.phase = 'waiting';
    throw new Error('Tabula: no payload yet (server unreachable and nothing cached)');
  }

  async onClose(): Promise<void> {
    this.unsubscribe();
    await this.client.flush();
  }

  private payloadChanged(): void {
    switch (this.phase) {
      case 'starting':
        // initialize() is about to resolve, and the SDK announces Ready for it.
        return;
      case 'waiting':
        this.phase = 'ready';
        this.emit(this.names.ready);
        return;
      case 'ready':
        this.emit(this.names.changed);
        return;
      default: {
        const unknown: never = this.phase;
        throw new Error(`unknown provider phase ${unknown as string}`);
      }
    }
  }

  private emit(event: E & AnyProviderEvent): void {
    this.events.emit(event);
  }
}
