import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchedCall } from './api-call';
import { watchXhr } from './watch-xhr';

// A real server, so the XMLHttpRequest under watch really travels.
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') {
      response.statusCode = 204;
      response.end();
      return;
    }
    const status = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('status') ?? 200);
    response.statusCode = status;
    response.end(status === 200 ? '{"projects":[]}' : '{"error":{"code":"internal"}}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

function request(url: string, responseType: XMLHttpRequestResponseType = ''): Promise<XMLHttpRequest> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.responseType = responseType;
    xhr.addEventListener('loadend', () => resolve(xhr));
    xhr.send();
  });
}

describe('watching XMLHttpRequest', () => {
  it('hands watched calls over when they end, with their body, and leaves the rest alone', async () => {
    const calls: WatchedCall[] = [];
    const restore = watchXhr(
      XMLHttpRequest,
      (url) => url.includes('/api/'),
      (call) => calls.push(call),
    );
    try {
      const failed = await request(`${base}/api/v1/x?status=500`);
      expect(failed.responseText).toBe('{"error":{"code":"internal"}}');
      await request(`${base}/api/v1/y`, 'json');
      await request(`${base}/other?status=500`);
    } finally {
      restore();
    }
    expect(calls).toEqual([
      { method: 'GET', url: `${base}/api/v1/x?status=500`, status: 500, body: '{"error":{"code":"internal"}}' },
      { method: 'GET', url: `${base}/api/v1/y`, status: 200, body: '{"projects":[]}' },
    ]);
  });
});
