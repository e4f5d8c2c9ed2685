import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The address a browser uses instead of the server's own. */
  url: string;
  /** Drops every open connection and refuses new ones, as a stopped server does. */
  cut(): Promise<void>;
  /** Accepts connections on the same port again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A real network fault between a browser and the server: what the browser sees is a refused connection. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  const port = await listen(0);
  const cut = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    cut,
    restore: async () => {
      await listen(port);
    },
    close: cut,
  };
}
