import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A server that takes the request and never answers: the fetch fails only when its signal aborts it. */
export const NO_ANSWER = 'no answer';

type Answer = MockResponse | typeof NO_ANSWER;
type Handler = Answer | ((call: RecordedCall) => Answer);

/**
 * Replaces fetch with a table of `METHOD /path` answers and records every call.
 * Unknown routes answer 404 in the API's error shape, so a missing mock reads like a missing route.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      search: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer: Answer = !handler
      ? { status: 404, body: { error: { code: 'not_found', message: `No mock for ${method} ${url.pathname}` } } }
      : typeof handler === 'function'
        ? handler(call)
        : handler;
    if (answer === NO_ANSWER) {
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    }
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetch: fetchMock };
}
