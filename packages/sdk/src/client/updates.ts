import { POLL_INTERVAL_MS } from './constants';
import type { Part } from './parts';
import type { StreamOptions } from './stream';
import { backoff, later } from './timers';

export interface PayloadUpdatesOptions extends StreamOptions {
  url: (endpoint: 'payload' | 'stream') => string;
  /** The validator of the payload being served, sent as If-None-Match. */
  etag: () => string | undefined;
  /** Throws on a malformed payload, which then counts as a failed attempt. */
  apply: (payload: unknown, etag: string | null) => void;
  /** The streaming part, loaded only when streaming is on. */
  loadStream: () => Promise<Part<'stream'>>;
}

/**
 * Keeps the payload fresh: one request now, then every 10 minutes when polling; a failure is retried with backoff
 * (even with polling off) until one succeeds, after which the normal rhythm resumes. With streaming, server-sent
 * events bring each change at once; when the streaming part cannot be loaded the client polls instead, so the page
 * still hears about changes. Returns the stop function.
 */
export function startPayloadUpdates(options: PayloadUpdatesOptions): () => void {
  const { url, report } = options;
  let stopped = false;
  let polling = options.settings.autoPoll !== false;
  let failures = 0;
  let cancelPoll = (): void => {};
  let stopStream = (): void => {};

  // One timer at most: whoever schedules replaces the pending attempt.
  const schedule = (): void => {
    cancelPoll();
    cancelPoll = later(poll, failures ? backoff(failures) : POLL_INTERVAL_MS);
  };

  const poll = async (): Promise<void> => {
    let answer = 0;
    try {
      const etag = options.etag();
      const response = await options.fetch(url('payload'), etag ? { headers: { 'if-none-match': etag } } : {});
      if (response.status !== 304) {
        if (!response.ok) {
          answer = response.status;
          throw new Error(`payload: ${answer}`);
        }
        options.apply(await response.json(), response.headers.get('etag'));
      }
      answer = 200;
      failures = 0;
    } catch (error) {
      report(error);
      failures += 1;
    }
    if (stopped) return;
    options.answered(answer);
    if (polling || failures) schedule();
  };

  void poll();
  if (options.settings.streaming) {
    options.loadStream().then(
      (part) => {
        if (!stopped) stopStream = part.startStream(options);
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
