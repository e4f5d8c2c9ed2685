import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ClientOptions, createClient, createMemoryStorage, type StorageLike, type TabulaClient } from '../../src';
import { clientFromScriptTag } from '../../src/client/script-tag';
import { CLIENT_KEY, createFakeServer, type FakeServer, HOST, makePayload } from './fake-server';
import { newKey, seal } from './seal';

let server: FakeServer;
let storage: StorageLike;
let errors: Error[];
const clients: TabulaClient[] = [];
const KEY = newKey();

function start(options: Partial<ClientOptions> = {}): TabulaClient {
  const client = createClient({
    clientKey: CLIENT_KEY,
    decryptionKey: KEY,
    apiHost: HOST,
    projectId: 'prj_1',
    unitId: 'unit-1',
    fetch: server.fetch,
    storage,
    autoPoll: false,
    readyTimeout: 2000,
    onError: (error) => errors.push(error),
    ...options,
  } as ClientOptions);
  clients.push(client);
  return client;
}

beforeEach(async () => {
  server = createFakeServer((await seal(makePayload('r1'), KEY)) as never);
  storage = createMemoryStorage();
  errors = [];
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  vi.unstubAllGlobals();
});

const messages = () => errors.map((error) => error.message);

describe('an encrypted payload', () => {
  it('is decrypted with the key and served, and kept encrypted in storage', async () => {
    const client = start();
    await expect(client.ready()).resolves.toBe(true);
    expect(client.isOn('new-checkout')).toBe(true);
    expect(client.getExperiment('checkout-test')).not.toBeNull();
    expect(errors).toEqual([]);
    const stored = storage.getItem(`tabula:payload:${CLIENT_KEY}`) as string;
    expect(stored).toContain('"encrypted"');
    expect(stored).not.toContain('new-checkout');

    // The next visit starts from storage, decrypting it again, without the network.
    client.destroy();
    server.setMode('down');
    const reloaded = start();
    await expect(reloaded.ready()).resolves.toBe(true);
    expect(reloaded.isOn('new-checkout')).toBe(true);
  });

  it('tells subscribers of each new revision, decrypted, from polls and from the stream', async () => {
    const client = start({ streaming: true });
    const heard: string[] = [];
    client.subscribe((payload) => heard.push(`${payload.revision}:${payload.flags.length}`));
    await client.ready();
    const next = makePayload('r2');
    next.flags = next.flags.slice(0, 1);
    server.publish((await seal(next, KEY)) as never);
    await vi.waitFor(() => expect(heard).toContain('r2:1'));
    expect(client.getFlag('button-color', 'none')).toBe('none');
  });

  it('starts from an encrypted payload the script carried', async () => {
    server.setMode('down');
    const client = start({ payload: await seal(makePayload('r1'), KEY) });
    await expect(client.ready()).resolves.toBe(true);
    expect(client.isOn('new-checkout')).toBe(true);
  });

  it('without the key serves defaults and says what is missing', async () => {
    const client = start({ decryptionKey: undefined });
    await expect(client.ready()).resolves.toBe(false);
    expect(client.getFlagDetails('new-checkout', false).errorCode).toBe('PROVIDER_NOT_READY');
    expect(messages()).toContain(
      'The payload is encrypted: give the client the decryptionKey shown with its client key',
    );
  });

  it('under a rotated key keeps the payload it had, and does not store what it cannot read', async () => {
    const first = start();
    await first.ready();
    first.destroy();
    const rotated = newKey();
    server.publish((await seal(makePayload('r2'), rotated)) as never);

    const stale = start();
    expect(await stale.ready()).toBe(true);
    await vi.waitFor(() =>
      expect(messages()).toContain(
        'Cannot decrypt the payload (revision r2): check the decryptionKey, it may have been rotated',
      ),
    );
    expect(stale.isOn('new-checkout')).toBe(true);
    expect(storage.getItem(`tabula:payload:${CLIENT_KEY}`)).toContain('"revision":"r1"');

    // With the new key, the page is current again.
    stale.destroy();
    const updated = start({ decryptionKey: rotated });
    await vi.waitFor(() => expect(storage.getItem(`tabula:payload:${CLIENT_KEY}`)).toContain('"revision":"r2"'));
    expect(updated.isOn('new-checkout')).toBe(true);
  });

  it('refuses a tampered payload, or one whose revision was changed outside', async () => {
    const sealed = await seal(makePayload('r1'), KEY);
    const [iv, data] = sealed.encrypted.split('.') as [string, string];
    const flipped = Buffer.from(data, 'base64');
    flipped[0] = (flipped[0] as number) ^ 1;
    server.publish({ ...sealed, encrypted: `${iv}.${flipped.toString('base64')}` } as never);
    const tampered = start();
    await expect(tampered.ready()).resolves.toBe(false);
    server.publish({ ...sealed, revision: 'r9' } as never);
    const relabelled = start({ storage: createMemoryStorage() });
    await expect(relabelled.ready()).resolves.toBe(false);
    expect(messages()).toEqual([
      'Cannot decrypt the payload (revision r1): check the decryptionKey, it may have been rotated',
      'Cannot decrypt the payload (revision r9): check the decryptionKey, it may have been rotated',
    ]);
  });

  it('needs WebCrypto, and says so where a browser has none (a plain-http page)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const client = start();
    await expect(client.ready()).resolves.toBe(false);
    expect(messages()).toContain('Decrypting the payload needs WebCrypto, which browsers offer only to https pages');
  });

  it('takes its key from the snippet’s data-decryption-key', async () => {
    vi.stubGlobal('fetch', server.fetch);
    const client = clientFromScriptTag({
      dataset: { clientKey: CLIENT_KEY, decryptionKey: KEY, apiHost: HOST, projectId: 'prj_1', autoPoll: 'false' },
    });
    clients.push(client as TabulaClient);
    await expect(client?.ready()).resolves.toBe(true);
    expect(client?.isOn('new-checkout')).toBe(true);
  });
});
