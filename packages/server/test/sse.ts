import { get, type IncomingHttpHeaders } from 'node:http';

/** Hands each complete block of a text/event-stream (blocks end with a blank line) to `take`, in order. */
function blockSplitter(take: (block: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      take(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  };
}

/** Reads a fetched text/event-stream response block by block. */
export function eventReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const blocks: string[] = [];
  const add = blockSplitter((block) => blocks.push(block));
  return async function next(): Promise<string> {
    while (blocks.length === 0) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended');
      add(decoder.decode(value, { stream: true }));
    }
    return blocks.shift()!;
  };
}

/**
 * An event stream over a connection of its own (no keep-alive pool), read block by block and closed by the caller:
 * what a browser's EventSource does.
 */
export function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; next: () => Promise<string>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, agent: false }, (response) => {
      const blocks: string[] = [];
      const waiting: ((block: string) => void)[] = [];
      response.setEncoding('utf8');
      response.on(
        'data',
        blockSplitter((block) => {
          const waiter = waiting.shift();
          if (waiter) waiter(block);
          else blocks.push(block);
        }),
      );
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        next: () => {
          const block = blocks.shift();
          return block === undefined ? new Promise((settle) => waiting.push(settle)) : Promise.resolve(block);
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
