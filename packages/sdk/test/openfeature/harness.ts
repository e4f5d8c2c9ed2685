import type { PayloadFlag, SdkPayload } from '@tabula/protocol';
import { vi } from 'vitest';
import { type ClientOptions, createClient, createMemoryStorage, type StorageLike, type TabulaClient } from '../../src';
import { CLIENT_KEY, type FakeServer, HOST, makePayload } from '../client/fake-server';

/** The events a provider announces, as both OpenFeature SDKs name them. */
export const EVENTS = [
  'PROVIDER_READY',
  'PROVIDER_ERROR',
  'PROVIDER_STALE',
  'PROVIDER_CONFIGURATION_CHANGED',
  'PROVIDER_CONTEXT_CHANGED',
] as const;

export interface Heard {
  event: (typeof EVENTS)[number];
  details: Record<string, unknown> | undefined;
}

/** What the web and the server SDK's API (or a client) offer to listen with, read as both SDKs share it. */
interface Eventing {
  addHandler(event: string, handler: (details?: Record<string, unknown>) => void): void;
}

/** Records every provider event the API (or a client) runs handlers for, in order. */
export function listen(target: { addHandler: unknown }): Heard[] {
  const heard: Heard[] = [];
  for (const event of EVENTS) (target as Eventing).addHandler(event, (details) => heard.push({ event, details }));
  return heard;
}

export const names = (heard: Heard[]) => heard.map(({ event }) => event);

/** Fake timers also drive the promise chains of fetch → json → apply, and the SDKs' microtasks. */
export const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

export function useClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  // Backoff without jitter: retries after 2 s, 4 s, 8 s…
  vi.spyOn(Math, 'random').mockReturnValue(1);
}

const clients: TabulaClient[] = [];

/** A client of the fake server; `storage` shared between two clients plays a page visited again. */
export function startClient(
  server: FakeServer,
  options: Partial<ClientOptions> & { storage?: StorageLike } = {},
): TabulaClient {
  const client = createClient({
    clientKey: CLIENT_KEY,
    apiHost: HOST,
    projectId: 'prj_1',
    fetch: server.fetch,
    storage: createMemoryStorage(),
    onError: () => {},
    ...options,
  } as ClientOptions);
  clients.push(client);
  return client;
}

export function destroyClients(): void {
  for (const client of clients.splice(0)) client.destroy();
}

/** A string flag whose value says which rule matched: `tier` equal to one of the names serves that name. */
export function tierFlag(tiers: string[]): PayloadFlag {
  return {
    key: 'tier',
    type: 'string',
    variants: [{ key: 'none', value: 'none' }, ...tiers.map((tier) => ({ key: tier, value: tier }))],
    defaultVariant: 'none',
    offVariant: 'none',
    enabled: true,
    rules: tiers.map((tier) => ({
      id: `is-${tier}`,
      conditions: [{ attribute: 'tier', operator: 'eq', values: [tier] }],
      segments: [],
      serve: { kind: 'variant', variant: tier },
    })),
  };
}

/** The fake server's payload with more flags, and a revision of its own. */
export function payloadWith(revision: string, ...flags: PayloadFlag[]): SdkPayload {
  const payload = makePayload(revision);
  payload.flags.push(...flags);
  return payload;
}

/** The same payload with `new-checkout` switched off: a new revision that changes one flag. */
export function switchedOff(revision: string, from: SdkPayload = makePayload()): SdkPayload {
  const payload = structuredClone(from);
  payload.revision = revision;
  (payload.flags.find((flag) => flag.key === 'new-checkout') as PayloadFlag).enabled = false;
  return payload;
}
