import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(chromiumPath);

/** Flags for a sandboxed, offline machine: no background calls home, no GPU. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Sends every host under `domain` to this machine, so that one server can stand for sibling hosts of one site. */
export const resolveToLoopback = (domain: string) => `--host-resolver-rules=MAP *.${domain} 127.0.0.1`;
