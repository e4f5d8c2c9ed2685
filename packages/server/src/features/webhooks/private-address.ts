import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach unless the server allows it: the server itself, private networks, link-local
 * addresses (a cloud's metadata service lives at 169.254.169.254), shared, benchmark, multicast and reserved ranges.
 * A project admin chooses webhook URLs, and a delivery's error quotes the answer: without this, an admin could read
 * services that only the server's network reaches.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries: mapped (::ffff:a.b.c.d) or translated by NAT64 (64:ff9b::a.b.c.d). */
function embeddedIPv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2]!, 16);
  const low = Number.parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is one a webhook must not reach; a text that is no IP address is not. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 4) return BLOCKED.check(bare, 'ipv4');
  if (version !== 6) return false;
  const carried = embeddedIPv4(bare);
  return carried === null ? BLOCKED.check(bare, 'ipv6') : isPrivateAddress(carried);
}

/** Why a URL's host is refused before any lookup: an IP address in a blocked range, or a name for this machine. */
export function privateHostOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  return isPrivateAddress(host) ? host : null;
}

/** Raised when a webhook's host resolves to a refused address. */
export class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, on a private network`);
    this.name = 'PrivateAddressError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the connection itself that fails when the name resolves to a refused address: checked on the
 * address connected to, a name cannot resolve to a public address when checked and a private one when used.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find(({ address }) => isPrivateAddress(address));
    if (refused) return callback(new PrivateAddressError(hostname, refused.address), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}
