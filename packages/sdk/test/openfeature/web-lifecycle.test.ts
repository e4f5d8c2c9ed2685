// @vitest-environment happy-dom
import { ErrorCode, OpenFeature, ProviderEvents, ProviderFatalError, ProviderStatus } from '@openfeature/web-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, POLL_INTERVAL_MS } from '../../src';
import { TabulaWebProvider } from '../../src/openfeature';
import { createFakeServer, type FakeServer, makePayload } from '../client/fake-server';
import { destroyClients, listen, names, startClient, switchedOff, tick, useClock } from './harness';

// The provider's state as the web SDK shows it (status and events), from the server's answers to the client.

let server: FakeServer;

const status = () => OpenFeature.getClient().providerStatus;
const checkout = () => OpenFeature.getClient().getBooleanDetails('new-checkout', false);

beforeEach(() => {
  useClock();
  server = createFakeServer();
});

afterEach(async () => {
  // The context first: a context change makes the SDK's default provider READY, which a handler would hear at once.
  await OpenFeature.setContext({});
  await OpenFeature.clearProviders();
  OpenFeature.clearHandlers();
  destroyClients();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a client key the server refuses', () => {
  it.each([401, 403, 404])('fails initialisation as FATAL at its first answer (HTTP %i)', async (code) => {
    server.setMode(code);
    const heard = listen(OpenFeature);
    // The ready timeout is far away and the clock does not move: the answer alone ends the initialisation.
    const provider = new TabulaWebProvider(startClient(server, { readyTimeout: 60_000 }));
    const error = await OpenFeature.setProviderAndWait(provider).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ProviderFatalError);
    expect((error as Error).message).toBe(`Tabula: the client key is unknown or revoked (HTTP ${code})`);
    expect(status()).toBe(ProviderStatus.FATAL);
    expect(names(heard)).toEqual(['PROVIDER_ERROR']);
    expect(heard[0]?.details).toMatchObject({ providerName: 'Tabula', message: (error as Error).message });
    // The SDK serves defaults without asking a provider in an irrecoverable state.
    expect(checkout()).toMatchObject({ value: false, errorCode: ErrorCode.PROVIDER_FATAL });
  });

  it('leaves a page with a cached payload serving it, STALE, and says why', async () => {
    const storage = createMemoryStorage();
    const first = startClient(server, { storage });
    await first.ready();
    first.destroy();
    server.setMode(401);
    const client = startClient(server, { storage });
    await tick();
    const heard = listen(OpenFeature);
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(client));
    await tick();
    expect(status()).toBe(ProviderStatus.STALE);
    expect(names(heard)).toEqual(['PROVIDER_READY', 'PROVIDER_STALE']);
    expect(heard[1]?.details?.message).toBe(
      'Tabula: serving the last payload received: the client key is unknown or revoked (HTTP 401)',
    );
    expect(checkout()).toMatchObject({ value: true, reason: 'STATIC' });
  });

  it('revoked after the provider was ready: STALE, still serving the payload', async () => {
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(startClient(server)));
    const heard = listen(OpenFeature);
    server.setMode(403);
    await tick(POLL_INTERVAL_MS);
    expect(status()).toBe(ProviderStatus.STALE);
    expect(heard.at(-1)).toMatchObject({
      event: 'PROVIDER_STALE',
      details: {
        message: 'Tabula: serving the last payload received: the client key is unknown or revoked (HTTP 403)',
      },
    });
    expect(checkout().value).toBe(true);
  });
});

describe('requests that fail after the provider was ready', () => {
  it('make it STALE while the payload is still served, and READY at the next answer', async () => {
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(startClient(server)));
    const heard = listen(OpenFeature);
    expect(names(heard)).toEqual(['PROVIDER_READY']);

    server.setMode('down');
    await tick(POLL_INTERVAL_MS);
    expect(status()).toBe(ProviderStatus.STALE);
    expect(heard.at(-1)?.details?.message).toBe(
      'Tabula: serving the last payload received: the server cannot be reached, or its answer read',
    );
    expect(checkout()).toMatchObject({ value: true, reason: 'STATIC' });

    // Failing again changes nothing; answering 503 neither.
    server.setMode(503);
    await tick(2_000);
    expect(names(heard)).toEqual(['PROVIDER_READY', 'PROVIDER_STALE']);

    // The retry 4 s later gets a 304: the payload served is current again.
    server.setMode('up');
    await tick(4_000);
    expect(status()).toBe(ProviderStatus.READY);
    expect(names(heard)).toEqual(['PROVIDER_READY', 'PROVIDER_STALE', 'PROVIDER_READY']);
  });

  it('a lost stream is STALE until it is open again; a change made meanwhile follows READY', async () => {
    await OpenFeature.setProviderAndWait(
      new TabulaWebProvider(startClient(server, { streaming: true, autoPoll: false })),
    );
    await tick();
    expect(server.openStreams()).toBe(1);
    const heard = listen(OpenFeature);

    server.setMode('down');
    server.dropStreams();
    await tick();
    expect(status()).toBe(ProviderStatus.STALE);

    server.publish(switchedOff('r2'));
    server.setMode('up');
    await tick(2_000);
    expect(server.openStreams()).toBe(1);
    expect(status()).toBe(ProviderStatus.READY);
    expect(names(heard)).toEqual([
      'PROVIDER_READY',
      'PROVIDER_STALE',
      'PROVIDER_READY',
      'PROVIDER_CONFIGURATION_CHANGED',
    ]);
    expect(heard.at(-1)?.details?.flagsChanged).toEqual(['new-checkout']);
    expect(checkout().value).toBe(false);
  });
});

describe('a provider without a payload', () => {
  it('is ERROR after the ready timeout, FATAL when the key is refused, READY with a payload', async () => {
    server.setMode('down');
    const heard = listen(OpenFeature);
    const settingUp = OpenFeature.setProviderAndWait(
      new TabulaWebProvider(startClient(server, { readyTimeout: 1_000 })),
    ).catch((error: Error) => error);
    await tick(1_000);
    expect(await settingUp).toMatchObject({
      message: 'Tabula: no payload to serve: the server cannot be reached, or its answer read',
    });
    expect(status()).toBe(ProviderStatus.ERROR);

    server.setMode(404);
    await tick(2_000);
    expect(status()).toBe(ProviderStatus.FATAL);
    expect(heard.at(-1)?.details).toMatchObject({
      errorCode: ErrorCode.PROVIDER_FATAL,
      message: 'Tabula: the client key is unknown or revoked (HTTP 404)',
    });

    server.setMode('up');
    await tick(4_000);
    expect(status()).toBe(ProviderStatus.READY);
    expect(names(heard)).toEqual(['PROVIDER_ERROR', 'PROVIDER_ERROR', 'PROVIDER_READY']);
    expect(checkout().value).toBe(true);
  });

  it('is never READY, even after a context change (which the SDK answers with READY by itself)', async () => {
    server.setMode('down');
    const settingUp = OpenFeature.setProviderAndWait(
      new TabulaWebProvider(startClient(server, { readyTimeout: 1_000 })),
    ).catch(() => {});
    await tick(1_000);
    await settingUp;
    const heard = listen(OpenFeature);
    await OpenFeature.setContext({ targetingKey: 'someone' });
    await tick();
    expect(status()).toBe(ProviderStatus.ERROR);
    expect(names(heard).at(-1)).toBe('PROVIDER_ERROR');
  });

  it('stays STALE across a context change', async () => {
    await OpenFeature.setProviderAndWait(new TabulaWebProvider(startClient(server)));
    server.setMode('down');
    await tick(POLL_INTERVAL_MS);
    expect(status()).toBe(ProviderStatus.STALE);
    await OpenFeature.setContext({ targetingKey: 'someone' });
    await tick();
    expect(status()).toBe(ProviderStatus.STALE);
  });
});

describe('PROVIDER_CONFIGURATION_CHANGED', () => {
  it('names the flags a new payload changed, and is not sent for a payload that changes none', async () => {
    await OpenFeature.setProviderAndWait(
      new TabulaWebProvider(startClient(server, { streaming: true, autoPoll: false })),
    );
    await tick();
    const changed = vi.fn();
    OpenFeature.addHandler(ProviderEvents.ConfigurationChanged, changed);
    server.publish(makePayload('r2'));
    await tick();
    server.publish(switchedOff('r3'));
    await tick();
    expect(changed).toHaveBeenCalledOnce();
    expect(changed.mock.calls[0]?.[0]).toMatchObject({ providerName: 'Tabula', flagsChanged: ['new-checkout'] });
  });
});
