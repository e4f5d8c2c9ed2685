import {
  AsyncLocalStorageTransactionContextPropagator,
  type EvaluationDetails,
  type FlagValue,
  type Hook,
  OpenFeature,
  ProviderEvents,
  ProviderStatus,
} from '@openfeature/server-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_INTERVAL_MS } from '../../src';
import { TabulaServerProvider } from '../../src/openfeature';
import { createFakeServer, type FakeServer } from '../client/fake-server';
import {
  destroyClients,
  listen,
  names,
  payloadWith,
  startClient,
  switchedOff,
  tick,
  tierFlag,
  useClock,
} from './harness';

// The OpenFeature specification's rules on events, hooks and evaluation context, as they apply to a provider, with
// TabulaServerProvider under the real server SDK. Numbers are the specification's requirements.

let server: FakeServer;

const provider = (options = {}) => new TabulaServerProvider(startClient(server, options));

beforeEach(() => {
  useClock();
  server = createFakeServer(payloadWith('r1', tierFlag(['api', 'transaction', 'client', 'invocation', 'hook'])));
});

afterEach(async () => {
  await OpenFeature.clearProviders();
  OpenFeature.clearHandlers();
  OpenFeature.clearHooks();
  OpenFeature.setContext({});
  destroyClients();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('events (spec 5)', () => {
  it("5.1.2, 5.2.3: the provider's events run the API's and its clients' handlers, with the provider's name", async () => {
    await OpenFeature.setProviderAndWait(provider());
    const api = listen(OpenFeature);
    const client = listen(OpenFeature.getClient());
    server.publish(switchedOff('r2', server.payload));
    await tick(POLL_INTERVAL_MS);
    for (const heard of [api, client]) {
      expect(heard.at(-1)).toMatchObject({
        event: 'PROVIDER_CONFIGURATION_CHANGED',
        details: { providerName: 'Tabula', flagsChanged: ['new-checkout'] },
      });
    }
  });

  it('5.1.3: handlers of a client bound to another provider do not run', async () => {
    await OpenFeature.setProviderAndWait('billing', provider());
    const otherServer = server;
    server = createFakeServer();
    await OpenFeature.setProviderAndWait('search', provider());
    const billing = listen(OpenFeature.getClient('billing'));
    const search = listen(OpenFeature.getClient('search'));
    otherServer.setMode('down');
    await tick(POLL_INTERVAL_MS);
    expect(names(billing)).toEqual(['PROVIDER_READY', 'PROVIDER_STALE']);
    expect(billing.at(-1)?.details).toMatchObject({ domain: 'billing', providerName: 'Tabula' });
    expect(names(search)).toEqual(['PROVIDER_READY']);
  });

  it('5.1.4: PROVIDER_ERROR carries a message saying what went wrong', async () => {
    server.setMode('down');
    const errors = listen(OpenFeature);
    const settingUp = OpenFeature.setProviderAndWait(provider({ readyTimeout: 1_000 })).catch(() => {});
    await tick(1_000);
    await settingUp;
    expect(errors).toEqual([
      {
        event: 'PROVIDER_ERROR',
        details: expect.objectContaining({
          message: 'Tabula: no payload to serve: the server cannot be reached, or its answer read',
        }),
      },
    ]);
  });

  it('5.2.5: a handler that fails does not keep the others from running', async () => {
    await OpenFeature.setProviderAndWait(provider());
    const later = vi.fn();
    OpenFeature.addHandler(ProviderEvents.Stale, () => {
      throw new Error('a broken handler');
    });
    OpenFeature.getClient().addHandler(ProviderEvents.Stale, later);
    OpenFeature.addHandler(ProviderEvents.Stale, later);
    server.setMode('down');
    await tick(POLL_INTERVAL_MS);
    expect(later).toHaveBeenCalledTimes(2);
  });

  it('5.2.7: a removed handler does not run', async () => {
    await OpenFeature.setProviderAndWait(provider());
    const handler = vi.fn();
    OpenFeature.addHandler(ProviderEvents.Stale, handler);
    OpenFeature.removeHandler(ProviderEvents.Stale, handler);
    server.setMode('down');
    await tick(POLL_INTERVAL_MS);
    expect(OpenFeature.getClient().providerStatus).toBe(ProviderStatus.STALE);
    expect(handler).not.toHaveBeenCalled();
  });

  it('5.3.3: a handler added once the provider is in the state runs at once', async () => {
    await OpenFeature.setProviderAndWait(provider());
    server.setMode('down');
    await tick(POLL_INTERVAL_MS);
    const stale = vi.fn();
    const ready = vi.fn();
    OpenFeature.getClient().addHandler(ProviderEvents.Stale, stale);
    OpenFeature.getClient().addHandler(ProviderEvents.Ready, ready);
    expect(stale).toHaveBeenCalledWith(expect.objectContaining({ providerName: 'Tabula' }));
    expect(ready).not.toHaveBeenCalled();
  });
});

describe('hooks (spec 4)', () => {
  /** A hook that writes each of its stages to `log`, named; `before` may return context to merge. */
  const recording = (name: string, log: string[], before?: Record<string, string>): Hook => ({
    before: () => {
      log.push(`${name}.before`);
      return before;
    },
    after: () => void log.push(`${name}.after`),
    error: () => void log.push(`${name}.error`),
    finally: () => void log.push(`${name}.finally`),
  });

  it('4.4.2: run around the provider in order: API, client, invocation before; the reverse after', async () => {
    await OpenFeature.setProviderAndWait(provider());
    const log: string[] = [];
    OpenFeature.addHooks(recording('api', log));
    const client = OpenFeature.getClient();
    client.addHooks(recording('client', log));
    await client.getBooleanValue('new-checkout', false, {}, { hooks: [recording('invocation', log)] });
    expect(log).toEqual([
      'api.before',
      'client.before',
      'invocation.before',
      'invocation.after',
      'client.after',
      'api.after',
      'invocation.finally',
      'client.finally',
      'api.finally',
    ]);
  });

  it("4.3.5: context a before hook returns is merged into the context of the provider's evaluation", async () => {
    await OpenFeature.setProviderAndWait(provider());
    const client = OpenFeature.getClient();
    const hook: Hook = { before: () => ({ tier: 'hook' }) };
    expect(await client.getStringValue('tier', 'unset', { tier: 'invocation' }, { hooks: [hook] })).toBe('hook');
  });

  it('4.3.6: after hooks see what the provider resolved: value, variant, reason and flag metadata', async () => {
    await OpenFeature.setProviderAndWait(provider());
    const seen: EvaluationDetails<FlagValue>[] = [];
    const hook: Hook = { after: (_context, details) => void seen.push(details) };
    await OpenFeature.getClient().getStringValue('tier', 'unset', { tier: 'client' }, { hooks: [hook] });
    expect(seen).toEqual([
      expect.objectContaining({
        flagKey: 'tier',
        value: 'client',
        variant: 'client',
        reason: 'TARGETING_MATCH',
        flagMetadata: { ruleId: 'is-client' },
      }),
    ]);
  });

  it('4.3.7, 4.3.8: an error code from the provider runs error hooks, not after hooks; finally sees it', async () => {
    await OpenFeature.setProviderAndWait(provider());
    const log: string[] = [];
    const finals: EvaluationDetails<FlagValue>[] = [];
    const hook: Hook = { ...recording('invocation', log), finally: (_context, details) => void finals.push(details) };
    const value = await OpenFeature.getClient().getNumberValue('missing', 7, {}, { hooks: [hook] });
    expect(value).toBe(7);
    expect(log).toEqual(['invocation.before', 'invocation.error']);
    expect(finals[0]).toMatchObject({ value: 7, reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' });
  });

  it('4.4.7: a before hook that fails returns the default; the provider is not asked, no exposure is logged', async () => {
    const tabula = startClient(server);
    await OpenFeature.setProviderAndWait(new TabulaServerProvider(tabula));
    const failing: Hook = {
      before: () => {
        throw new Error('no context today');
      },
    };
    const client = OpenFeature.getClient();
    const color = await client.getStringDetails('button-color', 'grey', { targetingKey: 'u-1' }, { hooks: [failing] });
    expect(color).toMatchObject({ value: 'grey', reason: 'ERROR', errorMessage: 'no context today' });
    await tabula.flush();
    expect(server.storedOfType('exposure')).toEqual([]);
  });

  it('4.1.1, 4.1.2: hook contexts name the flag, its type, the default and the provider', async () => {
    await OpenFeature.setProviderAndWait(provider());
    const before = vi.fn();
    await OpenFeature.getClient().getBooleanValue('new-checkout', false, {}, { hooks: [{ before }] });
    expect(before.mock.calls[0]?.[0]).toMatchObject({
      flagKey: 'new-checkout',
      flagValueType: 'boolean',
      defaultValue: false,
      providerMetadata: { name: 'Tabula' },
    });
  });
});

describe('evaluation context (spec 3)', () => {
  it('3.2.3: merges API, transaction, client and invocation context, the later winning', async () => {
    OpenFeature.setTransactionContextPropagator(new AsyncLocalStorageTransactionContextPropagator());
    await OpenFeature.setProviderAndWait(provider());
    const client = OpenFeature.getClient();
    const tier = (invocation = {}) => client.getStringValue('tier', 'unset', invocation);

    OpenFeature.setContext({ targetingKey: 'api-unit', tier: 'api' });
    expect(await tier()).toBe('api');
    const inTransaction: string[] = [];
    await new Promise<void>((resolve) => {
      OpenFeature.setTransactionContext({ tier: 'transaction' }, async () => {
        inTransaction.push(await tier());
        client.setContext({ tier: 'client' });
        inTransaction.push(await tier());
        inTransaction.push(await tier({ tier: 'invocation' }));
        resolve();
      });
    });
    expect(inTransaction).toEqual(['transaction', 'client', 'invocation']);
  });

  it('track sends the event for the merged context: the unit from the API, the attributes from the call', async () => {
    const tabula = startClient(server);
    await OpenFeature.setProviderAndWait(new TabulaServerProvider(tabula));
    OpenFeature.setContext({ targetingKey: 'api-unit', region: 'eu' });
    OpenFeature.getClient().track('signup', { plan: 'team' }, { value: 1 });
    await tabula.flush();
    expect(server.storedOfType('track')).toEqual([
      expect.objectContaining({
        event: 'signup',
        unitId: 'api-unit',
        value: 1,
        attributes: { id: 'api-unit', region: 'eu', plan: 'team' },
      }),
    ]);
  });
});
