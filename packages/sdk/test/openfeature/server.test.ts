import { ErrorCode, OpenFeature, ProviderEvents, ProviderStatus } from '@openfeature/server-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClientOptions, createClient, createMemoryStorage, type TabulaClient } from '../../src';
import { TabulaServerProvider } from '../../src/openfeature';
import { CLIENT_KEY, createFakeServer, type FakeServer, HOST, makePayload } from '../client/fake-server';

let client: TabulaClient | undefined;

function start(server: FakeServer): TabulaClient {
  client = createClient({
    clientKey: CLIENT_KEY,
    apiHost: HOST,
    projectId: 'prj_1',
    fetch: server.fetch,
    storage: createMemoryStorage(),
    streaming: true,
    autoPoll: false,
  } as ClientOptions);
  return client;
}

afterEach(async () => {
  await OpenFeature.clearProviders();
  OpenFeature.clearHandlers();
  client?.destroy();
});

describe('TabulaServerProvider through @openfeature/server-sdk', () => {
  it('evaluates per request: the targeting key is the unit, and exposures are logged for it', async () => {
    const server = createFakeServer();
    const tabula = start(server);
    const ready = vi.fn();
    OpenFeature.addHandler(ProviderEvents.Ready, ready);
    await OpenFeature.setProviderAndWait(new TabulaServerProvider(tabula));
    expect(OpenFeature.getClient().providerStatus).toBe(ProviderStatus.READY);
    await vi.waitFor(() => expect(ready).toHaveBeenCalled());

    const flags = OpenFeature.getClient();
    const colors = new Map<string, string>();
    for (const unit of ['u-1', 'u-2', 'u-3', 'u-4', 'u-5', 'u-6']) {
      const details = await flags.getStringDetails('button-color', 'grey', { targetingKey: unit });
      expect(details.value).toBe(tabula.getExperiment('checkout-test', { id: unit })?.params.color);
      expect(details.flagMetadata).toEqual({ ruleId: 'from-test' });
      colors.set(unit, details.value);
    }
    await tabula.flush();
    const exposures = server.storedOfType('exposure');
    expect(exposures.map((event) => event.unitId).sort()).toEqual([...colors.keys()]);
    for (const exposure of exposures) {
      expect(colors.get(exposure.unitId)).toBe(exposure.version === 'control' ? 'blue' : 'green');
    }
  });

  it('resolves every type and maps error codes', async () => {
    const server = createFakeServer();
    await OpenFeature.setProviderAndWait(new TabulaServerProvider(start(server)));
    const flags = OpenFeature.getClient();
    expect(await flags.getBooleanDetails('new-checkout', false)).toMatchObject({
      value: true,
      variant: 'on',
      reason: 'STATIC',
    });
    expect(await flags.getObjectDetails('new-checkout', { a: 1 })).toMatchObject({
      value: { a: 1 },
      errorCode: ErrorCode.TYPE_MISMATCH,
    });
    expect(await flags.getNumberDetails('missing', 3)).toMatchObject({
      value: 3,
      reason: 'ERROR',
      errorCode: ErrorCode.FLAG_NOT_FOUND,
    });
    // No targeting key: the experiment rule cannot place the unit.
    expect(await flags.getStringDetails('button-color', 'none')).toMatchObject({
      value: 'none',
      errorCode: ErrorCode.TARGETING_KEY_MISSING,
    });
  });

  it('emits ConfigurationChanged with the flags each new payload changed', async () => {
    const server = createFakeServer();
    await OpenFeature.setProviderAndWait(new TabulaServerProvider(start(server)));
    await vi.waitFor(() => expect(server.openStreams()).toBe(1));
    const changed = vi.fn();
    OpenFeature.addHandler(ProviderEvents.ConfigurationChanged, changed);
    const next = makePayload('r2');
    next.experiments[0]!.versions[1]!.params = { color: 'purple' };
    server.publish(next);
    await vi.waitFor(() => expect(changed).toHaveBeenCalledOnce());
    expect(changed.mock.calls[0]?.[0]).toMatchObject({ flagsChanged: ['button-color'] });
  });

  it('tracks events for the unit of the context given, with its attributes', async () => {
    const server = createFakeServer();
    const tabula = start(server);
    await OpenFeature.setProviderAndWait(new TabulaServerProvider(tabula));
    const flags = OpenFeature.getClient();
    flags.track('purchase', { targetingKey: 'buyer-1', plan: 'pro' }, { value: 30, sku: 'A-1' });
    flags.track('purchase', { targetingKey: 'buyer-2' }, { value: 5 });
    // No unit, no event: the SDK logs the provider's TARGETING_KEY_MISSING and goes on.
    flags.track('purchase', { plan: 'pro' });
    await tabula.flush();
    expect(server.storedOfType('track')).toEqual([
      expect.objectContaining({
        event: 'purchase',
        unitId: 'buyer-1',
        value: 30,
        properties: { sku: 'A-1' },
        attributes: { id: 'buyer-1', plan: 'pro' },
      }),
      expect.objectContaining({ event: 'purchase', unitId: 'buyer-2', value: 5, attributes: { id: 'buyer-2' } }),
    ]);
  });

  it('sends queued events when OpenFeature closes', async () => {
    const server = createFakeServer();
    const tabula = start(server);
    await OpenFeature.setProviderAndWait(new TabulaServerProvider(tabula));
    await OpenFeature.getClient().getStringValue('button-color', 'grey', { targetingKey: 'closing' });
    await OpenFeature.close();
    expect(server.storedOfType('exposure').map((event) => event.unitId)).toEqual(['closing']);
  });
});
