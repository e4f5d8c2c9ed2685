import { isPayload } from '../core/evaluator';
import { POLL_INTERVAL_MS } from './constants';
import type { ClientHost } from './options';
import type * as StreamPart from './stream';
import { backoff, later } from './timers';

/** What the updates use of the client: the stream's part (StreamOptions) is handed the same. */
export interface UpdatesHost
  extends Pick<ClientHost, 'settings' | 'request' | 'receive' | 'report' | 'answered' | 'url' | 'fetch'> {
  /** The client's loader of parts: the stream's is beside the script, which a part's own address is not. */
  load: (part: 'stream') => Promise<typeof StreamPart>;
}

/**
 * Keeps the payload fresh: the first answer (to the request the client sent as it started, `first`), then a request
 * every 10 minutes when polling; a failure is retried with backoff (even with polling off) until one succeeds, after
 * which the normal rhythm resumes. With streaming, server-sent events bring each change at once; when the streaming
 * part cannot be loaded the client polls instead, so the page still hears about changes. Returns the stop function.
 */
export function startPayloadUpdates(host: UpdatesHost, first: Promise<Response>): () => void {
  const { report } = host;
  let stopped = false;
  let polling = host.settings.autoPoll !== false;
  let failures = 0;
  let cancelPoll = (): void => {};
  let stopStream = (): void => {};

  // What a poll or the stream brings: the client takes only a payload whose shape it can read. A malformed one throws,
  // a failed attempt for a poll, a problem reported for the stream.
  const apply = (payload: unknown, etag: string | null): void => {
    if (!isPayload(payload)) throw new Error('malformed payload');
    void host.receive(payload, etag);
  };

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
        apply(await response.json(), response.headers.get('etag'));
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
        if (!stopped) stopStream = part.startStream({ ...host, apply });
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
