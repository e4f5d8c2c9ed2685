import { ServerProviderEvents } from '@openfeature/core';
import type { EvaluationContext, JsonValue, Provider, ResolutionDetails } from '@openfeature/server-sdk';
import type { TabulaClient } from '../client/client';
import { TabulaProvider } from './provider';
import { toAttributes, toResolution } from './resolution';

/**
 * OpenFeature provider for servers (dynamic context): one client holds the payload, and each evaluation runs for
 * the context it is given — the targeting key is the unit id, the other fields are the attributes. Exposures are
 * logged for that unit through the client's event queue.
 */
export class TabulaServerProvider extends TabulaProvider<ServerProviderEvents> implements Provider {
  readonly runsOn = 'server';

  constructor(client: TabulaClient) {
    super(client, { ready: ServerProviderEvents.Ready, changed: ServerProviderEvents.ConfigurationChanged });
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
}
