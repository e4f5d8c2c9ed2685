import type { FastifyReply, FastifyRequest } from 'fastify';

/** The revision a reconnecting EventSource says it holds. */
export function lastEventIdOf(request: FastifyRequest): string | null {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && header !== '' ? header : null;
}

/**
 * Takes the response over from Fastify and starts a server-sent event stream on it, keeping the headers hooks set
 * (CORS, the from-memory mark).
 */
export function startEventStream(reply: FastifyReply): void {
  reply.hijack();
  const headers = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => {
      return entry[1] !== undefined;
    }),
  );
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    // no-transform: a compressing proxy would hold events back until its buffer fills.
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    // A stream's connection is never reused: once it ends (the client goes, or the server closes), the socket goes
    // too, instead of idling in keep-alive where it would hold the server's shutdown.
    connection: 'close',
  });
}
