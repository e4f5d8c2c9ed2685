import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { PayloadScope } from './builder';
import type { PayloadCache, PayloadSnapshot } from './payload-cache';

const HEARTBEAT_MS = 15 * 1000;
const HEARTBEAT = Buffer.from(': heartbeat\n\n');
/** Tells EventSource to reconnect 3 s after the stream drops. */
const RETRY = Buffer.from('retry: 3000\n\n');
/** A client this far behind is not reading; it is cut off and reconnects later with its Last-Event-ID. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

interface Connection {
  response: ServerResponse;
  revision: string | null;
  clientKey: string;
}

/** Whether the client key still opens its environment; false once revoked or deleted. */
export type KeyCheck = (clientKey: string) => Promise<boolean>;

/** The event a revision is announced with; built once per snapshot and shared by every connection. */
export type EventOf = (snapshot: PayloadSnapshot) => Buffer;

interface Channel {
  scope: PayloadScope;
  connections: Set<Connection>;
}

export interface StreamHub {
  /** Starts the stream on a response whose headers are written; it ends when the client goes. */
  open(
    scope: PayloadScope,
    response: ServerResponse,
    snapshot: PayloadSnapshot,
    stream: { lastEventId: string | null; clientKey: string },
  ): void;
  readonly size: number;
  close(): void;
}

/**
 * Server-sent payload updates. Every connection of an environment shares the snapshot's encoded bytes, so a
 * change costs one rebuild and one buffer however many pages listen. By default the event carries the payload;
 * `eventOf` announces revisions some other way (OFREP's notification to fetch again).
 */
export function createStreamHub(
  cache: PayloadCache,
  keyOpens: KeyCheck,
  log: FastifyBaseLogger,
  eventOf: EventOf = (snapshot) => snapshot.event,
): StreamHub {
  const channels = new Map<string, Channel>();
  let size = 0;

  const send = (connection: Connection, chunk: Buffer) => {
    const { response } = connection;
    if (response.destroyed || response.writableEnded) return;
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      response.destroy();
      return;
    }
    response.write(chunk);
  };

  const push = (channel: Channel, snapshot: PayloadSnapshot) => {
    let event: Buffer | undefined;
    for (const connection of channel.connections) {
      if (connection.revision === snapshot.payload.revision) continue;
      connection.revision = snapshot.payload.revision;
      event ??= eventOf(snapshot);
      send(connection, event);
    }
  };

  /** A change of the project may be its key's revocation: a stream whose key no longer opens it ends now. */
  const endRevoked = (channel: Channel) => {
    for (const connection of channel.connections) {
      keyOpens(connection.clientKey).then(
        (opens) => {
          if (!opens) connection.response.end();
        },
        () => {},
      );
    }
  };

  const stopListening = cache.onStale((scopes) => {
    for (const scope of scopes) {
      const channel = channels.get(scope.environmentId);
      if (!channel) continue;
      endRevoked(channel);
      cache.latest(scope).then(
        (snapshot) => push(channel, snapshot),
        (error: unknown) => log.warn({ err: error }, 'could not rebuild a streamed payload'),
      );
    }
  });

  const heartbeat = setInterval(() => {
    for (const channel of channels.values()) {
      for (const connection of channel.connections) send(connection, HEARTBEAT);
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    open(scope, response, snapshot, { lastEventId, clientKey }) {
      let channel = channels.get(scope.environmentId);
      if (!channel) {
        channel = { scope, connections: new Set() };
        channels.set(scope.environmentId, channel);
      }
      const connection: Connection = { response, revision: lastEventId, clientKey };
      channel.connections.add(connection);
      size += 1;
      const current = channel;
      response.on('close', () => {
        current.connections.delete(connection);
        size -= 1;
        if (current.connections.size === 0 && channels.get(scope.environmentId) === current) {
          channels.delete(scope.environmentId);
        }
      });
      send(connection, RETRY);
      const alone: Channel = { scope, connections: new Set([connection]) };
      push(alone, snapshot);
      // A change handled between fetching `snapshot` and joining the channel would otherwise never reach this client.
      cache.get(scope).then(
        (latest) => push(alone, latest),
        () => {},
      );
    },
    get size() {
      return size;
    },
    close() {
      stopListening();
      clearInterval(heartbeat);
      for (const channel of channels.values()) {
        for (const connection of channel.connections) connection.response.end();
      }
      channels.clear();
    },
  };
}
