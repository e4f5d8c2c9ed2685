/**
 * A payload stream reader as an SDK is one: it keeps the id of the last event (the payload's revision), and when the
 * stream ends or fails it connects again after a moment, sending that id as Last-Event-ID.
 */
export interface StreamReader {
  /** The revision of the last payload event received; null before the first. */
  readonly revision: string | null;
  /** When each revision first arrived (ms since the epoch). */
  readonly seenAt: Map<string, number>;
  readonly reconnections: number;
  close(): void;
}

const RECONNECT_MS = 250;

export function readStream(url: string): StreamReader {
  const controller = new AbortController();
  const seenAt = new Map<string, number>();
  let revision: string | null = null;
  let reconnections = 0;
  let closed = false;

  const connect = async () => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (revision) headers['last-event-id'] = revision;
    const response = await fetch(url, { headers, signal: controller.signal });
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (.+)$/m.exec(block)?.[1];
        if (id && /^event: payload$/m.test(block)) {
          revision = id;
          if (!seenAt.has(id)) seenAt.set(id, Date.now());
        }
        end = buffer.indexOf('\n\n');
      }
    }
  };

  void (async () => {
    while (!closed) {
      try {
        await connect();
      } catch {
        // The server went away, or the stream was closed on purpose.
      }
      if (closed) return;
      reconnections += 1;
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  })();

  return {
    get revision() {
      return revision;
    },
    seenAt,
    get reconnections() {
      return reconnections;
    },
    close() {
      closed = true;
      controller.abort();
    },
  };
}
