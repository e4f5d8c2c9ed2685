import {
  type AnyProviderEvent,
  type ClientProviderEvents,
  ErrorCode,
  type EventContext,
  GeneralError,
  ProviderFatalError,
  type ServerProviderEvents,
} from '@openfeature/core';
import type { SdkPayload } from '@tabula/protocol';
import type { TabulaClient } from '../client/client';
import { later } from '../client/timers';
import { answerOf, because } from './answers';
import { changedFlags } from './changed-flags';
import { ProviderEvents } from './emitter';

/**
 * The provider's state as OpenFeature sees it once initialised: `ready` serves a payload the server has confirmed,
 * `stale` the last one received while the server cannot be heard (or refuses the key), `error` has no payload, and
 * `fatal` has none because the server refuses the client key. `starting`: not initialised, or initialising.
 */
type Condition = 'starting' | 'ready' | 'stale' | 'error' | 'fatal';

interface EventNames<E> {
  ready: E;
  error: E;
  stale: E;
  changed: E;
}

/**
 * What the web and the server providers share: their state follows the client's payload and the server's answers.
 * Initialisation ends with the first payload (a cached one counts), fails with PROVIDER_FATAL as soon as the server
 * refuses the client key when there is no payload, and fails otherwise after the client's ready timeout. Once
 * initialised the provider announces each change of its state (Ready, Stale, Error) and each payload that changes
 * flags (ConfigurationChanged with `flagsChanged`).
 */
export abstract class TabulaProvider<E extends ClientProviderEvents | ServerProviderEvents> {
  readonly metadata = { name: 'Tabula' } as const;
  readonly events = new ProviderEvents<E>();
  private condition: Condition = 'starting';
  /** Whether the client serves a payload; it never stops once it does. */
  private served = false;
  /** The server's last answer to the client (the client's AnswerListener). */
  private answer: number | undefined;
  /** Ends a pending initialisation when the server refuses the key. */
  private refused = (): void => {};
  private stopListening = (): void => {};

  constructor(
    protected readonly client: TabulaClient,
    private readonly names: EventNames<E>,
  ) {}

  async initialize(): Promise<void> {
    this.stopListening();
    this.condition = 'starting';
    this.served = false;
    this.answer = undefined;
    const refusal = new Promise<false>((resolve) => {
      this.refused = () => resolve(false);
    });
    const stopPayloads = this.client.subscribe((payload, previous) => this.payloadArrived(payload, previous));
    const stopAnswers = this.client.onAnswer((status) => this.answered(status));
    this.stopListening = () => {
      stopPayloads();
      stopAnswers();
    };
    this.served ||= await Promise.race([this.client.ready(), refusal]);
    const condition = this.expected();
    this.condition = condition;
    switch (condition) {
      case 'ready':
        return;
      case 'stale':
        // The SDK marks the provider ready once this returns: the news that it is stale must come after that.
        later(() => this.announce('stale'), 0);
        return;
      case 'fatal':
        throw new ProviderFatalError(this.message());
      case 'error':
        throw new GeneralError(this.message());
      default: {
        const unknown: never = condition;
        throw new Error(`unknown provider condition ${unknown as string}`);
      }
    }
  }

  async onClose(): Promise<void> {
    this.stopListening();
    this.condition = 'starting';
    await this.client.flush();
  }

  /**
   * Says again, after the SDK has changed the provider's state by itself (it marks the provider ready after every
   * context change), what the provider's state is when that is not ready.
   */
  protected reassert(): void {
    const { condition } = this;
    if (condition !== 'ready' && condition !== 'starting') later(() => this.announce(condition), 0);
  }

  /** The state the payload and the server's last answer call for. */
  private expected(): Exclude<Condition, 'starting'> {
    const answer = answerOf(this.answer);
    if (!this.served) return answer === 'refused' ? 'fatal' : 'error';
    return answer === 'failing' || answer === 'refused' ? 'stale' : 'ready';
  }

  private message(): string {
    const why = because(this.answer);
    switch (this.condition) {
      case 'stale':
        return `Tabula: serving the last payload received: ${why}`;
      case 'error':
        return `Tabula: no payload to serve: ${why}`;
      default:
        return `Tabula: ${why}`;
    }
  }

  private answered(status: number | undefined): void {
    this.answer = status;
    if (answerOf(status) === 'refused' && !this.served) this.refused();
    this.follow();
  }

  private payloadArrived(payload: SdkPayload, previous: SdkPayload | undefined): void {
    this.served = true;
    // Fresh from the server, whose answer is about to confirm it.
    this.answer = 200;
    this.follow();
    // Without a payload before it, Ready says it all (the SDK's own, while initialising).
    if (!previous || this.condition !== 'ready') return;
    const flagsChanged = changedFlags(previous, payload);
    if (flagsChanged.length) this.events.emit(this.names.changed, { flagsChanged } as EventContext);
  }

  /** Moves to the state that is now expected, announcing it; before initialisation ends, initialize() decides. */
  private follow(): void {
    if (this.condition === 'starting') return;
    const next = this.expected();
    if (next === this.condition) return;
    this.condition = next;
    this.announce(next);
  }

  private announce(condition: Condition): void {
    // A later change may have overtaken an announcement that waited.
    if (condition !== this.condition) return;
    switch (condition) {
      case 'ready':
        this.emit(this.names.ready);
        return;
      case 'stale':
        this.emit(this.names.stale, { message: this.message() });
        return;
      case 'error':
        this.emit(this.names.error, { message: this.message() });
        return;
      case 'fatal':
        this.emit(this.names.error, { message: this.message(), errorCode: ErrorCode.PROVIDER_FATAL });
        return;
      case 'starting':
        return;
      default: {
        const unknown: never = condition;
        throw new Error(`unknown provider condition ${unknown as string}`);
      }
    }
  }

  private emit(event: E & AnyProviderEvent, details?: Record<string, unknown>): void {
    this.events.emit(event, details as EventContext);
  }
}
