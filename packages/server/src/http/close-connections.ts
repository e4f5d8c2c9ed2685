import type { FastifyInstance } from 'fastify';

/**
 * When the server closes, it closes the connections that are idle then; a request still running keeps its
 * connection, which after the answer would stay open until the keep-alive timeout (72 s) and hold the shutdown that
 * long. Answers given while closing therefore close their connection.
 */
export function closeConnectionsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
