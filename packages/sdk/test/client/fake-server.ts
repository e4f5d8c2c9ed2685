import type { EvaluateRequest, EvaluateResponse, SdkEvent, SdkPayload } from '@tabula/protocol';
import { createEvaluator } from '../../src';

export const HOST = 'https://tabula.example';
export const CLIENT_KEY = 'tbc_test';

/** A boolean flag, a string flag served by an experiment, and the A/B experiment itself (50/50 by default). */
export function makePayload(
  revision = 'r1',
  overrides: { weights?: [number, number]; phase?: number } = {},
): SdkPayload {
  const [control, treatment] = overrides.weights ?? [5000, 5000];
  return {
    format: 1,
    projectId: 'prj_1',
    environment: 'production',
    revision,
    generatedAt: `2025-01-01T00:00:0${revision.length % 10}.000Z`,
    segments: [],
    flags: [
      {
        key: 'new-checkout',
        type: 'boolean',
        variants: [
          { key: 'on', value: true },
          { key: 'off', value: false },
        ],
        defaultVariant: 'on',
        offVariant: 'off',
        enabled: true,
        rules: [],
      },
      {
        key: 'button-color',
        type: 'string',
        variants: [{ key: 'grey', value: 'grey' }],
        defaultVariant: 'grey',
        offVariant: 'grey',
        enabled: true,
        rules: [
          {
            id: 'from-test',
            conditions: [],
            segments: [],
            serve: { kind: 'experiment', experiment: 'checkout-test', param: 'color' },
          },
        ],
      },
    ],
    experiments: [
      {
        key: 'checkout-test',
        kind: 'ab',
        unitAttribute: 'id',
        traffic: 10_000,
        phase: overrides.phase ?? 0,
        conditions: [],
        segments: [],
        layer: null,
        page: null,
        versions: [
          { key: 'control', name: 'Control', weight: control, isControl: true, params: { color: 'blue' } },
          { key: 'treatment', name: 'Treatment', weight: treatment, isControl: false, params: { color: 'green' } },
        ],
      },
    ],
  };
}

interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: string | undefined;
}

/** Up, down (no answer at all), or answering every request with this HTTP status, as for an unknown or revoked key. */
type Mode = 'up' | 'down' | number;

/**
 * The four SDK endpoints in memory, behaving as the real ones do: strong ETag and 304, an event stream that sends
 * the payload on connect and on every publish, online evaluation, and an events endpoint that dedupes by id.
 */
export function createFakeServer(initial: SdkPayload = makePayload()) {
  let payload = initial;
  let mode: Mode = 'up';
  let eventsStatus = 202;
  let retryAfter: string | undefined;
  const calls: Call[] = [];
  const stored = new Map<string, SdkEvent>();
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const encoder = new TextEncoder();
  const frame = (value: SdkPayload) => encoder.encode(`event: payload\ndata: ${JSON.stringify(value)}\n\n`);

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  const handle = (call: Call, signal?: AbortSignal | null): Response => {
    const [, , , endpoint] = call.path.split('/');
    switch (endpoint) {
      case 'payload': {
        const etag = `"${payload.revision}"`;
        if (call.headers.get('if-none-match') === etag) return new Response(null, { status: 304 });
        return json(200, payload, { etag });
      }
      case 'stream': {
        let controller: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({
          start(started) {
            controller = started;
            streams.add(controller);
            controller.enqueue(encoder.encode(': connected\n\n'));
            controller.enqueue(frame(payload));
          },
          cancel() {
            streams.delete(controller);
          },
        });
        signal?.addEventListener('abort', () => {
          streams.delete(controller);
          try {
            controller.error(new DOMException('aborted', 'AbortError'));
          } catch {
            // already closed
          }
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      case 'evaluate': {
        const request = JSON.parse(call.body ?? '{}') as EvaluateRequest;
        const evaluator = createEvaluator(payload);
        const attributes = { ...request.attributes, id: request.unitId };
        const experiments: EvaluateResponse['experiments'] = {};
        for (const key of request.experiments ?? []) {
          const assignment = evaluator.experiment(key, attributes);
          if (assignment) experiments[key] = assignment;
          if (assignment && request.logExposure) {
            const id = `server-${key}-${request.unitId}`;
            stored.set(id, {
              type: 'exposure',
              id,
              at: 0,
              unitId: request.unitId,
              experiment: key,
              version: assignment.version,
            });
          }
        }
        return json(200, { flags: {}, experiments } satisfies EvaluateResponse);
      }
      case 'events': {
        if (eventsStatus !== 202) {
          return json(
            eventsStatus,
            { error: { code: 'unavailable', message: 'try later' } },
            retryAfter ? { 'retry-after': retryAfter } : {},
          );
        }
        const { events } = JSON.parse(call.body ?? '{}') as { events: SdkEvent[] };
        let duplicates = 0;
        for (const event of events) {
          if (stored.has(event.id)) duplicates += 1;
          else stored.set(event.id, event);
        }
        return json(202, { accepted: events.length - duplicates, duplicates, rejected: [] });
      }
      default:
        return json(404, { error: { code: 'not_found', message: call.path } });
    }
  };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    if (mode === 'down') throw new TypeError('fetch failed');
    if (typeof mode === 'number') return json(mode, { error: { code: 'refused', message: `status ${mode}` } });
    return handle(call, init.signal);
  };

  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    /** Calls to one endpoint: payload, stream, evaluate or events. */
    callsTo: (endpoint: string) => calls.filter((call) => call.path.split('/')[3] === endpoint),
    /** Events the server has committed, by id. */
    stored,
    storedOfType: <T extends SdkEvent['type']>(type: T) =>
      [...stored.values()].filter((event): event is Extract<SdkEvent, { type: T }> => event.type === type),
    get payload() {
      return payload;
    },
    /** A change committed in the console: new payload for polls, and pushed to every open stream. */
    publish(next: SdkPayload) {
      payload = next;
      for (const controller of streams) controller.enqueue(frame(next));
    },
    /** Ends every open stream, as a server restart would. */
    dropStreams() {
      for (const controller of streams) controller.close();
      streams.clear();
    },
    openStreams: () => streams.size,
    setMode(next: Mode) {
      mode = next;
    },
    setEventsStatus(status: number, after?: string) {
      eventsStatus = status;
      retryAfter = after;
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;

/** Lets pending promise chains (fetch → json → apply) run to the end. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => queueMicrotask(resolve));
}
