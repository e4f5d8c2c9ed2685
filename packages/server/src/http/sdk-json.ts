import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { allowAnyOrigin } from './cors';
import { chooseEncoding } from './precompressed';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compressing saves less than its own framing and the time it takes. */
const COMPRESS_FROM_BYTES = 1024;
/** Answers are compressed per request: a quality that costs about a millisecond on 50 kB. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An SDK answer: only the headers a JSON answer to another site's script needs (see `serveSdkJson`). */
    sdkJson?: boolean;
  }
}

/**
 * The scope of routes SDKs call from other sites' pages and servers, by the million: open to any origin, without
 * the console's security headers (a CSP, frame and referrer policies mean nothing to a script reading JSON and cost
 * hundreds of bytes on every 304), and with JSON answers compressed in the encoding the caller accepts.
 */
export function serveSdkJson(scope: FastifyInstance, exposeHeaders: string[] = []): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, sdkJson: true, helmet: { skipRoute: true } } as typeof route.config;
  });
  allowAnyOrigin(scope, exposeHeaders, { resourcePolicy: false });
  scope.addHook('onSend', async (request, reply, payload) => {
    // A 304 tells a poller it holds the answer already: it reads no header of it, so none is exposed.
    if (reply.statusCode === 304) reply.removeHeader('access-control-expose-headers');
    if (reply.hasHeader('content-encoding') || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
      return payload;
    }
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload;
    reply.header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    reply.header('content-encoding', encoding);
    return encoding === 'br'
      ? brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : gzipAsync(payload, { level: GZIP_LEVEL });
  });
}
