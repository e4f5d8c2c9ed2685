// @vitest-environment happy-dom
import { ErrorCode, OpenFeature, ProviderEvents, ProviderStatus } from '@openfeature/web-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClientOptions, createClient, createMemoryStorage, type TabulaClient } from '../../src';
import { TabulaWebProvider } from '../../src/openfeature';
import { CLIENT_KEY, createFakeServer, type FakeServer, HOST, makePayload } from '../client/fake-server';

let client: TabulaClient | undefined;

function start(server: FakeServer, options: Partial<ClientOptions> = {}): TabulaClient {
  client = createClient({
    clientKey: CLIENT_KEY,
    apiHost: HOST,
    projectId: 'prj_1',
    fetch: server.fetch,
    storage: createMemoryStorage(),
    streaming: true,
    autoPoll: false,
    ...options,
  } as ClientOptions);
  return client;
}

const until = (event: ProviderEvents) =>
  new Promise<void>((resolve) => {
    const handler = () => {
      OpenFeature.removeHandler(event, handler);
      resolve();
    };
    OpenFeature.addHandler(event, handler);
  });

afterEach(async () => {
  await OpenFeature.clearProviders();
  OpenFeature.clearHandlers();
  await OpenFeature.setContext({});
  client?.destroy();
  vi.useRealTimers();
});

describe('TabulaWebProvider through @openfeature/web-sdk', () => {
  it('becomes ready and resolves details with reason, variant and metadata', async () => {
    const server = createFakeServer();
    const tabula = start(server);
    const ready = vi.fn();
    OpenFeature.addHandler(ProviderEvents.Ready, ready);
    await OpenFeature.setContext({ targetingKey: 'unit-5', plan: 'pro' });
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(tabula));
    expect(OpenFeature.getClient().providerStatus).toBe(ProviderStatus.READY);
    await vi.waitFor(() => expect(ready).toHaveBeenCalled());

    const flags = OpenFeature.getClient();
    expect(flags.getBooleanDetails('new-checkout', false)).toEqual({
      flagKey: 'new-checkout',
      flagMetadata: {},
      value: true,
      variant: 'on',
      reason: 'STATIC',
    });
    const color = flags.getStringDetails('button-color', 'grey');
    const expected = tabula.getFlagDetails('button-color', 'grey', { id: 'unit-5', plan: 'pro' });
    expect(color).toMatchObject({ value: expected.value, variant: expected.variant, reason: expected.reason });
    expect(color.flagMetadata).toEqual({ ruleId: 'from-test' });
    expect(flags.getObjectValue('button-color', {})).toEqual({});
  });

  it('maps error codes: TYPE_MISMATCH and FLAG_NOT_FOUND serve the default', async () => {
    const server = createFakeServer();
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(start(server)));
    const flags = OpenFeature.getClient();
    expect(flags.getNumberDetails('new-checkout', 7)).toMatchObject({
      value: 7,
      reason: 'ERROR',
      errorCode: ErrorCode.TYPE_MISMATCH,
    });
    expect(flags.getBooleanDetails('missing', true)).toMatchObject({
      value: true,
      reason: 'ERROR',
      errorCode: ErrorCode.FLAG_NOT_FOUND,
    });
  });

  it('emits ConfigurationChanged when the server publishes a change', async () => {
    const server = createFakeServer();
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(start(server)));
    await vi.waitFor(() => expect(server.openStreams()).toBe(1));
    const changed = until(ProviderEvents.ConfigurationChanged);
    const next = makePayload('r2');
    next.flags[0]!.enabled = false;
    server.publish(next);
    await changed;
    expect(OpenFeature.getClient().getBooleanValue('new-checkout', true)).toBe(false);
  });

  it('follows context changes: the targeting key becomes the unit id', async () => {
    const server = createFakeServer();
    const tabula = start(server);
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(tabula));
    await OpenFeature.setContext({ targetingKey: 'visitor-42', country: 'FR' });
    OpenFeature.getClient().track('purchase', { value: 9.5, sku: 'A-1' });
    await tabula.flush();
    expect(server.storedOfType('track')[0]).toMatchObject({
      event: 'purchase',
      unitId: 'visitor-42',
      value: 9.5,
      properties: { sku: 'A-1' },
      attributes: { id: 'visitor-42', country: 'FR' },
    });
  });

  it('goes back to the visitor id of the page when a context has no targeting key', async () => {
    const server = createFakeServer();
    const tabula = start(server);
    const visitor = tabula.visitorId;
    await OpenFeature.setContext({ targetingKey: 'user-1', plan: 'pro' });
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(tabula));
    const unitOfNextEvent = async () => {
      OpenFeature.getClient().track('seen');
      await tabula.flush();
      return server.storedOfType('track').at(-1);
    };
    expect(await unitOfNextEvent()).toMatchObject({ unitId: 'user-1', attributes: { id: 'user-1', plan: 'pro' } });
    // Logged out: the next context names no user; the one before must not linger.
    await OpenFeature.setContext({ plan: 'free' });
    expect(await unitOfNextEvent()).toMatchObject({ unitId: visitor, attributes: { id: visitor, plan: 'free' } });
    const expected = tabula.getFlagDetails('button-color', 'grey', { id: visitor as string });
    expect(OpenFeature.getClient().getStringDetails('button-color', 'grey').value).toBe(expected.value);
    await OpenFeature.setContext({ targetingKey: 'user-2' });
    expect(await unitOfNextEvent()).toMatchObject({ unitId: 'user-2', attributes: { id: 'user-2' } });
  });

  it('reports an error while no payload exists, then Ready once one arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const server = createFakeServer();
    server.setMode('down');
    const provider = new TabulaWebProvider(start(server, { readyTimeout: 100 }));
    const settingUp = OpenFeature.setProviderAndWait(provider).catch((error: Error) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settingUp).toBeInstanceOf(Error);
    expect(OpenFeature.getClient().providerStatus).toBe(ProviderStatus.ERROR);
    expect(OpenFeature.getClient().getBooleanValue('new-checkout', false)).toBe(false);

    const ready = until(ProviderEvents.Ready);
    server.setMode('up');
    await vi.advanceTimersByTimeAsync(2_000);
    await ready;
    expect(OpenFeature.getClient().providerStatus).toBe(ProviderStatus.READY);
    expect(OpenFeature.getClient().getBooleanValue('new-checkout', false)).toBe(true);
  });
});
