import { ServerProviderEvents, TargetingKeyMissingError } from '@openfeature/core';
import type {
  EvaluationContext,
  JsonValue,
  Provider,
  ResolutionDetails,
  TrackingEventDetails,
} from '@openfeature/server-sdk';
import type { TabulaClient } from '../client/client';
import { TabulaProvider } from './provider';
import { toAttributes, toResolution } from './resolution';

/**
 * OpenFeature provider for servers (dynamic context): one client holds the payload, and each evaluation runs for
 * the context it is given — the targeting key is the unit id, the other fields are the attributes. Exposures and
 * tracked events are logged for that unit through the client's event queue.
 */
export class TabulaServerProvider extends TabulaProvider<ServerProviderEvents> implements Provider {
  readonly runsOn = 'server';

  constructor(client: TabulaClient) {
    super(client, {
      ready: ServerProviderEvents.Ready,
      error: ServerProviderEvents.Error,
      stale: ServerProviderEvents.Stale,
      changed: ServerProviderEvents.ConfigurationChanged,
    });
  }

  async resolveBooleanEvaluation(
    flagKey: string,
    defaultValue: boolean,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<boolean>> {
    return toResolution(this.client.getFlagDetails(flagKey, defaultValue, toAttributes(context)));
  }

  async resolveStringEvaluation(
    flagKey: string,
    defaultValue: string,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<string>> {
    return toResolution(this.client.getFlagDetails(flagKey, defaultValue, toAttributes(context)));
  }

  async resolveNumberEvaluation(
    flagKey: string,
    defaultValue: number,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<number>> {
    return toResolution(this.client.getFlagDetails(flagKey, defaultValue, toAttributes(context)));
  }

  async resolveObjectEvaluation<T extends JsonValue>(
    flagKey: string,
    defaultValue: T,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<T>> {
    return toResolution(this.client.getFlagDetails(flagKey, defaultValue, toAttributes(context)));
  }

  /** Tracked for the context's unit (its targeting key) with its attributes, as an evaluation would be. */
  track(trackingEventName: string, context: EvaluationContext, details?: TrackingEventDetails): void {
    const attributes = toAttributes(context);
    // One client serves every unit: an event without one would be nobody's.
    if (attributes.id === undefined)
      throw new TargetingKeyMissingError('Tabula: a tracked event needs a targeting key');
    const { value, ...properties } = details ?? {};
    this.client.track(trackingEventName, value, properties, attributes);
  }
}
