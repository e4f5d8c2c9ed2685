import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeConnectionsWhileClosing } from './close-connections';

describe('closing the server', () => {
  it('answers a request that was running with connection: close, so its connection does not hold the close', async () => {
    const app = Fastify();
    closeConnectionsWhileClosing(app);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    app.get('/slow', async () => {
      started();
      await new Promise<void>((resolve) => (finish = resolve));
      return 'done';
    });
    // The request ends while the server is closing.
    app.addHook('preClose', (done) => {
      finish();
      done();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const answered = new Promise<{ connection: string | undefined; body: string; socketClosed: Promise<void> }>(
      (resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/slow', headers: { connection: 'keep-alive' } });
        req.on('response', (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () =>
            resolve({
              connection: response.headers.connection,
              body,
              socketClosed: new Promise((closed) => req.socket?.once('close', () => closed())),
            }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
    await running;
    const closed = app.close();
    const answer = await answered;
    expect(answer).toMatchObject({ connection: 'close', body: 'done' });
    await answer.socketClosed;
    await closed;
  });

  it('leaves connections alive while the server runs', async () => {
    const app = Fastify();
    closeConnectionsWhileClosing(app);
    app.get('/', async () => 'ok');
    const response = await app.inject({ url: '/', headers: { connection: 'keep-alive' } });
    expect(response.headers.connection).not.toBe('close');
    await app.close();
  });
});
