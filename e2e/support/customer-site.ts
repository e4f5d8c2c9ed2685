import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CustomerSite {
  url: string;
  server: Server;
}

/** A customer's site on its own origin, whose page carries whatever snippet it is given before </head>. */
export async function startCustomerSite(snippet: () => string): Promise<CustomerSite> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html><head><title>Shop</title>${snippet()}</head><body><h1>Shop</h1></body></html>`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
