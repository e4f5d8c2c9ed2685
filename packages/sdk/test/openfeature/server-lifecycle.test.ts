import { ErrorCode, OpenFeature, ProviderFatalError, ProviderStatus } from '@openfeature/server-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_INTERVAL_MS } from '../../src';
import { TabulaServerProvider } from '../../src/openfeature';
import { createFakeServer, type FakeServer } from '../client/fake-server';
import { destroyClients, listen, names, startClient, switchedOff, tick, useClock } from './harness';

// The server provider's state as the server SDK shows it: the same rules as the web provider's, one process serving
// many units.

let server: FakeServer;

const status = () => OpenFeature.getClient().providerStatus;
const checkout = () => OpenFeature.getClient().getBooleanDetails('new-checkout', false, { targetingKey: 'u-1' });

beforeEach(() => {
  useClock();
  server = createFakeServer();
});

afterEach(async () => {
  await OpenFeature.clearProviders();
  OpenFeature.clearHandlers();
  destroyClients();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('TabulaServerProvider state', () => {
  it.each([401, 403, 404])('fails initialisation as FATAL when the key is refused (HTTP %i)', async (code) => {
    server.setMode(code);
    const provider = new TabulaServerProvider(startClient(server, { readyTimeout: 60_000 }));
    const error = await OpenFeature.setProviderAndWait(provider).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ProviderFatalError);
    expect((error as Error).message).toBe(`Tabula: the client key is unknown or revoked (HTTP ${code})`);
    expect(status()).toBe(ProviderStatus.FATAL);
    expect(await checkout()).toMatchObject({ value: false, errorCode: ErrorCode.PROVIDER_FATAL });
  });

  it('is STALE while polls fail, serving the payload, and READY with the next answer', async () => {
    await OpenFeature.setProviderAndWait(new TabulaServerProvider(startClient(server)));
    const heard = listen(OpenFeature);
    server.setMode(500);
    await tick(POLL_INTERVAL_MS);
    expect(status()).toBe(ProviderStatus.STALE);
    expect(heard.at(-1)?.details?.message).toBe(
      'Tabula: serving the last payload received: the server answers HTTP 500',
    );
    expect((await checkout()).value).toBe(true);

    server.publish(switchedOff('r2'));
    server.setMode('up');
    await tick(2_000);
    expect(status()).toBe(ProviderStatus.READY);
    expect(names(heard)).toEqual([
      'PROVIDER_READY',
      'PROVIDER_STALE',
      'PROVIDER_READY',
      'PROVIDER_CONFIGURATION_CHANGED',
    ]);
    expect(heard.at(-1)?.details?.flagsChanged).toEqual(['new-checkout']);
    expect((await checkout()).value).toBe(false);
  });

  it('is ERROR without a payload, and READY once one arrives', async () => {
    server.setMode('down');
    const settingUp = OpenFeature.setProviderAndWait(
      new TabulaServerProvider(startClient(server, { readyTimeout: 1_000 })),
    ).catch((error: Error) => error);
    await tick(1_000);
    const error = await settingUp;
    expect(error).not.toBeInstanceOf(ProviderFatalError);
    expect(status()).toBe(ProviderStatus.ERROR);
    expect(await checkout()).toMatchObject({ value: false, errorCode: ErrorCode.PROVIDER_NOT_READY });

    server.setMode('up');
    await tick(2_000);
    expect(status()).toBe(ProviderStatus.READY);
    expect((await checkout()).value).toBe(true);
  });

  it('starts over when OpenFeature closes it and sets it again', async () => {
    const provider = new TabulaServerProvider(startClient(server));
    await OpenFeature.setProviderAndWait(provider);
    await OpenFeature.clearProviders();
    server.setMode('down');
    await tick(POLL_INTERVAL_MS);
    // Closed: the failure is nobody's news.
    await OpenFeature.setProviderAndWait(provider);
    expect(status()).toBe(ProviderStatus.READY);
    await tick();
    expect(status()).toBe(ProviderStatus.STALE);
  });
});
