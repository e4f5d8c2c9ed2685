import type { WatchedCall } from './api-call';

const UNAUTHORIZED = 401;

/** A response whose body never ends (server-sent events) cannot be read for a verdict. */
const isStream = (response: Response) => response.headers.get('content-type')?.includes('text/event-stream') ?? false;

function describeRequest(input: RequestInfo | URL, init?: RequestInit): { method: string; url: string } {
  if (input instanceof Request) return { method: init?.method ?? input.method, url: input.url };
  return { method: init?.method ?? 'GET', url: String(input) };
}

/**
 * Spec §7: every fetch to a watched host is judged when it ends. The caller gets the very response (the body is read
 * from a clone) or the very error; a call the caller itself aborted is not a failure.
 */
export function watchFetch(
  target: { fetch: typeof fetch },
  isWatched: (url: string) => boolean,
  onCall: (call: WatchedCall) => void,
): () => void {
  const original = target.fetch;
  const watched: typeof fetch = async (input, init) => {
    let request: { method: string; url: string } | null = null;
    try {
      const described = describeRequest(input, init);
      if (isWatched(described.url)) request = described;
    } catch {
      // Not judged, still sent.
    }
    let response: Response;
    try {
      response = await original(input, init);
    } catch (error) {
      if (request && !(error instanceof DOMException && error.name === 'AbortError')) {
        onCall({ ...request, status: 0, body: error instanceof Error ? error.message : String(error) });
      }
      throw error;
    }
    if (request) {
      const call = request;
      const body =
        response.status === UNAUTHORIZED || isStream(response) ? Promise.resolve('') : response.clone().text();
      body.then(
        (text) => onCall({ ...call, status: response.status, body: text }),
        () => onCall({ ...call, status: response.status, body: '' }),
      );
    }
    return response;
  };
  target.fetch = watched;
  return () => {
    target.fetch = original;
  };
}
