// @vitest-environment happy-dom
import {
  type EvaluationDetails,
  type FlagValue,
  type Hook,
  OpenFeature,
  ProviderEvents,
  ProviderStatus,
} from '@openfeature/web-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TabulaClient } from '../../src';
import { TabulaWebProvider } from '../../src/openfeature';
import { createFakeServer, type FakeServer } from '../client/fake-server';
import { destroyClients, listen, names, payloadWith, startClient, tick, tierFlag, useClock } from './harness';

// The OpenFeature specification's rules for the static-context paradigm (spec 3.2.2, 2.6, 5.3.4) and hooks, with
// TabulaWebProvider under the real web SDK. Numbers are the specification's requirements.

let server: FakeServer;

beforeEach(() => {
  useClock();
  server = createFakeServer(payloadWith('r1', tierFlag(['global', 'domain', 'later'])));
});

afterEach(async () => {
  await OpenFeature.clearContexts();
  await OpenFeature.clearProviders();
  OpenFeature.clearHandlers();
  OpenFeature.clearHooks();
  destroyClients();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The unit the client would log a tracked event for: the id its attributes hold now. */
async function unitOf(client: TabulaClient): Promise<string | undefined> {
  client.track('probe');
  await client.flush();
  return server.storedOfType('track').at(-1)?.unitId;
}

describe('static context (spec 3.2.2, 2.4.1, 2.6.1)', () => {
  it('2.4.1: initialisation receives the global context', async () => {
    await OpenFeature.setContext({ targetingKey: 'early', tier: 'global' });
    const tabula = startClient(server);
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(tabula));
    expect(OpenFeature.getClient().getStringValue('tier', 'unset')).toBe('global');
    expect(await unitOf(tabula)).toBe('early');
  });

  it("3.2.2.2, 3.2.4: a domain's provider follows the domain's context, not the global one", async () => {
    const global = startClient(server);
    const domain = startClient(server);
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(global));
    await OpenFeature.setProviderAndWait('checkout', new TabulaWebProvider(domain));
    await OpenFeature.setContext('checkout', { targetingKey: 'buyer', tier: 'domain' });
    await OpenFeature.setContext({ targetingKey: 'reader', tier: 'global' });
    expect(OpenFeature.getClient().getStringValue('tier', 'unset')).toBe('global');
    expect(OpenFeature.getClient('checkout').getStringValue('tier', 'unset')).toBe('domain');
    expect(await unitOf(global)).toBe('reader');
    expect(await unitOf(domain)).toBe('buyer');

    // Without a context of its own, the domain falls back to the global one.
    await OpenFeature.clearContext('checkout');
    expect(OpenFeature.getClient('checkout').getStringValue('tier', 'unset')).toBe('global');
    expect(await unitOf(domain)).toBe('reader');
  });

  it('5.3.4.2: PROVIDER_CONTEXT_CHANGED handlers run once the provider has taken the new context', async () => {
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(startClient(server)));
    const client = OpenFeature.getClient();
    const seen: string[] = [];
    client.addHandler(ProviderEvents.ContextChanged, () => seen.push(client.getStringValue('tier', 'unset')));
    await OpenFeature.setContext({ tier: 'later' });
    expect(seen).toEqual(['later']);
    expect(client.providerStatus).toBe(ProviderStatus.READY);
  });

  it('a context change runs no network request: the provider evaluates locally', async () => {
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(startClient(server)));
    const requests = server.calls.length;
    const heard = listen(OpenFeature);
    await OpenFeature.setContext({ targetingKey: 'someone-else' });
    await tick();
    expect(server.calls.length).toBe(requests);
    // No RECONCILING: onContextChange is synchronous.
    expect(names(heard)).toEqual(['PROVIDER_READY', 'PROVIDER_CONTEXT_CHANGED']);
  });
});

describe('hooks (spec 4) in the static-context paradigm', () => {
  it('4.3.3.1, 4.4.2: before hooks run API, client, invocation; after and finally in reverse, with the details', async () => {
    await OpenFeature.setContext({ tier: 'global' });
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(startClient(server)));
    const log: string[] = [];
    const details: EvaluationDetails<FlagValue>[] = [];
    const hook = (name: string): Hook => ({
      before: (context) => void log.push(`${name}.before:${context.context.tier}`),
      after: (_context, resolved) => {
        log.push(`${name}.after`);
        details.push(resolved);
      },
      finally: () => void log.push(`${name}.finally`),
    });
    OpenFeature.addHooks(hook('api'));
    const client = OpenFeature.getClient();
    client.addHooks(hook('client'));
    expect(client.getStringValue('tier', 'unset', { hooks: [hook('invocation')] })).toBe('global');
    expect(log).toEqual([
      'api.before:global',
      'client.before:global',
      'invocation.before:global',
      'invocation.after',
      'client.after',
      'api.after',
      'invocation.finally',
      'client.finally',
      'api.finally',
    ]);
    expect(details[0]).toMatchObject({ value: 'global', variant: 'global', flagMetadata: { ruleId: 'is-global' } });
  });

  it('4.3.7: a type mismatch the provider reports runs the error hooks and serves the default', async () => {
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(startClient(server)));
    const errors: unknown[] = [];
    const after = vi.fn();
    const value = OpenFeature.getClient().getNumberValue('tier', 5, {
      hooks: [{ error: (_context, error) => void errors.push(error), after }],
    });
    expect(value).toBe(5);
    expect(after).not.toHaveBeenCalled();
    expect(errors).toEqual([expect.objectContaining({ code: 'TYPE_MISMATCH' })]);
  });
});
