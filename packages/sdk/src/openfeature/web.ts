import { ClientProviderEvents } from '@openfeature/core';
import type {
  EvaluationContext,
  JsonValue,
  Provider,
  ResolutionDetails,
  TrackingEventDetails,
} from '@openfeature/web-sdk';
import type { TabulaClient } from '../client/client';
import { TabulaProvider } from './provider';
import { toAttributes, toResolution } from './resolution';

/**
 * OpenFeature provider for the browser (static context): the client evaluates locally for its visitor, and a
 * context change replaces the client's attributes. The targeting key becomes the unit id; a context without one
 * goes back to the page's own visitor id, never keeps the id of the context before (a user who logged out).
 */
export class TabulaWebProvider extends TabulaProvider<ClientProviderEvents> implements Provider {
  readonly runsOn = 'client';

  constructor(client: TabulaClient) {
    super(client, {
      ready: ClientProviderEvents.Ready,
      error: ClientProviderEvents.Error,
      stale: ClientProviderEvents.Stale,
      changed: ClientProviderEvents.ConfigurationChanged,
    });
  }

  override async initialize(context?: EvaluationContext): Promise<void> {
    if (context) this.adopt(context);
    await super.initialize();
  }

  onContextChange(_oldContext: EvaluationContext, newContext: EvaluationContext): void {
    this.adopt(newContext);
    this.reassert();
  }

  private adopt(context: EvaluationContext): void {
    this.client.setAttributes({ id: this.client.visitorId, ...toAttributes(context) });
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    return toResolution(this.client.getFlagDetails(flagKey, defaultValue));
  }

  resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails<string> {
    return toResolution(this.client.getFlagDetails(flagKey, defaultValue));
  }

  resolveNumberEvaluation(flagKey: string, defaultValue: number): ResolutionDetails<number> {
    return toResolution(this.client.getFlagDetails(flagKey, defaultValue));
  }

  resolveObjectEvaluation<T extends JsonValue>(flagKey: string, defaultValue: T): ResolutionDetails<T> {
    return toResolution(this.client.getFlagDetails(flagKey, defaultValue));
  }

  track(trackingEventName: string, _context: EvaluationContext, details?: TrackingEventDetails): void {
    const { value, ...properties } = details ?? {};
    this.client.track(trackingEventName, value, properties);
  }
}
