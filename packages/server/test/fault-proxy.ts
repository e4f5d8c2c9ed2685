import net from 'node:net';

export type FaultMode = 'pass' | 'black-hole';

/**
 * A TCP proxy between the server and PostgreSQL that the test breaks on purpose: it cuts every connection (the
 * server closed them), resets them (a TCP RST, as after a failover), or black-holes them (bytes go nowhere, as when
 * a network drops packets: nothing is closed, nothing answers) until healed.
 */
export interface FaultProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url: string;
  cut(): void;
  reset(): void;
  blackHole(): void;
  /** Forwards again. Connections that were black-holed lost bytes and are reset, as their peers would time out. */
  heal(): void;
  /** How many connections were opened through the proxy. */
  opened(): number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  blackHoled: boolean;
}

export async function startFaultProxy(databaseUrl: string): Promise<FaultProxy> {
  const target = new URL(databaseUrl);
  const pairs = new Set<Pair>();
  let mode: FaultMode = 'pass';
  let opened = 0;

  const drop = (pair: Pair, how: 'end' | 'reset') => {
    pairs.delete(pair);
    for (const socket of [pair.client, pair.upstream]) {
      if (!socket || socket.destroyed) continue;
      if (how === 'reset') socket.resetAndDestroy();
      else socket.destroy();
    }
  };

  const server = net.createServer((client) => {
    opened += 1;
    const pair: Pair = { client, upstream: null, blackHoled: mode === 'black-hole' };
    pairs.add(pair);
    client.on('error', () => drop(pair, 'end'));
    client.on('close', () => drop(pair, 'end'));
    // A connection opened into the black hole is accepted and never answered.
    if (pair.blackHoled) return;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair, 'end'));
    upstream.on('close', () => drop(pair, 'end'));
    client.on('data', (chunk) => {
      if (mode === 'pass' && !pair.blackHoled) upstream.write(chunk);
      else pair.blackHoled = true;
    });
    upstream.on('data', (chunk) => {
      if (mode === 'pass' && !pair.blackHoled) client.write(chunk);
      else pair.blackHoled = true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.href,
    cut: () => {
      for (const pair of [...pairs]) drop(pair, 'end');
    },
    reset: () => {
      for (const pair of [...pairs]) drop(pair, 'reset');
    },
    blackHole: () => {
      mode = 'black-hole';
    },
    heal: () => {
      mode = 'pass';
      for (const pair of [...pairs]) if (pair.blackHoled) drop(pair, 'reset');
    },
    opened: () => opened,
    close: async () => {
      for (const pair of [...pairs]) drop(pair, 'end');
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
