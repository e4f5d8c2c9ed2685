import { POLL_INTERVAL_MS, STREAM_SILENCE_MS } from './constants';
import { backoff, later } from './timers';

export interface PayloadUpdatesOptions {
  url: (endpoint: 'payload' | 'stream') => string;
  fetch: typeof fetch;
  /** EventSource is used in browsers unless the host injected its own fetch (then every request goes through it). */
  useEventSource: boolean;
  autoPoll: boolean;
  streaming: boolean;
  /** The validator of the payload being served, sent as If-None-Match. */
  etag: () => string | undefined;
  /** Throws on a malformed payload, which then counts as a failed attempt. */
  apply: (payload: unknown, etag: string | null) => void;
  report: (error: unknown) => void;
}

/**
 * Keeps the payload fresh: one request now, then every 10 minutes when polling; a failure is retried with backoff
 * (even with polling off) until one succeeds, after which the normal rhythm resumes. With streaming, server-sent
 * events bring each change at once and a dropped stream is reopened with backoff. Returns the stop function.
 */
export function startPayloadUpdates(options: PayloadUpdatesOptions): () => void {
  const { url, report } = options;
  let stopped = false;
  let pollFailures = 0;
  let streamFailures = 0;
  let cancelPoll = (): void => {};
  let cancelReconnect = (): void => {};
  let closeStream = (): void => {};

  const poll = async (): Promise<void> => {
    try {
      const etag = options.etag();
      const response = await options.fetch(url('payload'), etag ? { headers: { 'if-none-match': etag } } : {});
      if (response.status !== 304) {
        if (!response.ok) throw new Error(`payload: ${response.status}`);
        options.apply(await response.json(), response.headers.get('etag'));
      }
      pollFailures = 0;
    } catch (error) {
      report(error);
      pollFailures += 1;
    }
    if (stopped || !(options.autoPoll || pollFailures)) return;
    cancelPoll = later(poll, pollFailures ? backoff(pollFailures) : POLL_INTERVAL_MS);
  };

  const received = (data: string): void => {
    streamFailures = 0;
    try {
      options.apply(JSON.parse(data), null);
    } catch (error) {
      report(error);
    }
  };

  const reconnect = (): void => {
    closeStream();
    if (stopped) return;
    streamFailures += 1;
    cancelReconnect = later(openStream, backoff(streamFailures));
  };

  // One block of the text/event-stream format: `field: value` lines, of which `event` and `data` matter here;
  // comments (heartbeats) start with ':' and name no field.
  const dispatch = (block: string): void => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      const [, field, value] = /^([^:]*):? ?(.*)/.exec(line) as string[];
      if (field === 'event') event = value as string;
      if (field === 'data') data.push(value as string);
    }
    if (event === 'payload' && data.length > 0) received(data.join('\n'));
  };

  const readStream = async (abort: AbortController): Promise<void> => {
    let cancelWatchdog = (): void => {};
    const watch = (): void => {
      cancelWatchdog();
      cancelWatchdog = later(() => abort.abort(), STREAM_SILENCE_MS);
    };
    try {
      watch();
      const response = await options.fetch(url('stream'), {
        headers: { accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        watch();
        const blocks = (buffer + decoder.decode(value, { stream: true })).replace(/\r\n?/g, '\n').split('\n\n');
        buffer = blocks.pop() as string;
        blocks.forEach(dispatch);
      }
    } finally {
      cancelWatchdog();
    }
  };

  const openStream = (): void => {
    if (options.useEventSource) {
      const source = new EventSource(url('stream'));
      source.addEventListener('payload', (event) => received((event as MessageEvent<string>).data));
      // EventSource reconnects by itself after a network error; it gives up only on an HTTP error (CLOSED).
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) reconnect();
      };
      closeStream = () => source.close();
      return;
    }
    const abort = new AbortController();
    let closed = false;
    closeStream = () => {
      closed = true;
      abort.abort();
    };
    readStream(abort)
      .catch((error) => {
        if (!closed && !abort.signal.aborted) report(error);
      })
      .finally(() => {
        if (!closed) reconnect();
      });
  };

  void poll();
  if (options.streaming) openStream();
  return () => {
    stopped = true;
    cancelPoll();
    cancelReconnect();
    closeStream();
  };
}
