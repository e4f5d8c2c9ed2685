import { POLL_INTERVAL_MS } from './constants';
import type { ClientHost } from './options';
import { backoff, later } from './timers';

/**
 * Keeps the payload fresh: the first answer (to the request the client sent as it started, `first`), then a request
 * every 10 minutes when polling; a failure is retried with backoff (even with polling off) until one succeeds, after
 * which the normal rhythm resumes. With streaming, server-sent events bring each change at once; when the streaming
 * part cannot be loaded the client polls instead, so the page still hears about changes. Returns the stop function.
 */
export function startPayloadUpdates(
  host: Pick<ClientHost, 'settings' | 'request' | 'apply' | 'report' | 'answered' | 'load' | 'url' | 'fetch'>,
  first: Promise<Response>,
): () => void {
  const { report } = host;
  let stopped = false;
  let polling = host.settings.autoPoll !== false;
  let failures = 0;
  let cancelPoll = (): void => {};
  let stopStream = (): void => {};

  // One timer at most: whoever schedules replaces the pending attempt.
  const schedule = (): void => {
    cancelPoll();
    cancelPoll = later(() => void poll(), failures ? backoff(failures) : POLL_INTERVAL_MS);
  };

  const poll = async (sent?: Promise<Response>): Promise<void> => {
    let answer = 0;
    try {
      const response = await (sent || host.request());
      if (response.status !== 304) {
        if (!response.ok) {
          answer = response.status;
          throw new Error(`payload: ${answer}`);
        }
        // A malformed payload throws: a failed attempt.
        host.apply(await response.json(), response.headers.get('etag'));
      }
      answer = 200;
      failures = 0;
    } catch (error) {
      report(error);
      failures += 1;
    }
    if (stopped) return;
    host.answered(answer);
    if (polling || failures) schedule();
  };

  void poll(first);
  if (host.settings.streaming) {
    host.load('stream').then(
      (part) => {
        if (!stopped) stopStream = part.startStream(host);
      },
      (error) => {
        report(error);
        if (stopped || polling) return;
        polling = true;
        schedule();
      },
    );
  }
  return () => {
    stopped = true;
    cancelPoll();
    stopStream();
  };
}
