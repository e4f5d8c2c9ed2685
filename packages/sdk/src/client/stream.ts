import { STREAM_SILENCE_MS } from './constants';
import type { ClientHost } from './options';
import { backoff, later } from './timers';

export interface StreamOptions extends Pick<ClientHost, 'url' | 'fetch' | 'settings' | 'report' | 'answered'> {
  /** Hands the client a payload the stream brought; throws on a malformed one. */
  apply: (payload: unknown, etag: string | null) => void;
}

/**
 * Server-sent events bring each change at once; a stream that ends, fails or stays silent for three heartbeats is
 * reopened with backoff. A part of its own: the snippet bundle loads it only for clients with `streaming` on.
 * EventSource is used in browsers unless the host injected its own `fetch` (then every request goes through it).
 * A malformed payload is reported; the stream stays open. Returns the stop function.
 */
export function startStream(options: StreamOptions): () => void {
  const { report } = options;
  let stopped = false;
  let failures = 0;
  let cancelReconnect = (): void => {};
  let close = (): void => {};
  /** The status with which the server refused to open the stream this time; 0 when it opened, or no answer came. */
  let refusedWith = 0;

  const received = (data: string): void => {
    failures = 0;
    try {
      options.apply(JSON.parse(data), null);
    } catch (error) {
      report(error);
    }
  };

  const reconnect = (): void => {
    close();
    if (stopped) return;
    // Changes go unheard until the stream is open again.
    options.answered(refusedWith);
    failures += 1;
    cancelReconnect = later(open, backoff(failures));
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

  const read = async (abort: AbortController): Promise<void> => {
    let cancelWatchdog = (): void => {};
    const watch = (): void => {
      cancelWatchdog();
      cancelWatchdog = later(() => abort.abort(), STREAM_SILENCE_MS);
    };
    refusedWith = 0;
    try {
      watch();
      const response = await options.fetch(options.url('stream'), {
        headers: { accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (!response.ok || !response.body) {
        refusedWith = response.status;
        throw new Error(`stream: ${refusedWith}`);
      }
      options.answered(200);
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

  const open = (): void => {
    if (!options.settings.fetch && typeof EventSource === 'function') {
      const source = new EventSource(options.url('stream'));
      source.addEventListener('payload', (event) => received((event as MessageEvent<string>).data));
      source.onopen = () => options.answered(200);
      // EventSource reconnects by itself after a network error; it gives up only on an HTTP error (CLOSED).
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) reconnect();
        else options.answered(0);
      };
      close = () => source.close();
      return;
    }
    const abort = new AbortController();
    let closed = false;
    close = () => {
      closed = true;
      abort.abort();
    };
    read(abort)
      .catch((error) => {
        if (!closed && !abort.signal.aborted) report(error);
      })
      .finally(() => {
        if (!closed) reconnect();
      });
  };

  open();
  return () => {
    stopped = true;
    cancelReconnect();
    close();
  };
}
