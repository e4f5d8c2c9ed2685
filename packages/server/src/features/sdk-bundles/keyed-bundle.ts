import { SCRIPT_PAYLOAD_PROPERTY } from '@tabula/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error';
import { type Precompressed, precompress } from '../../http/precompressed';
import type { ClientKeys } from '../api-keys/service';
import type { PayloadCache } from '../sdk-payload/service';

/**
 * Environments whose keyed bundle is kept compressed (each about the bundle and its payload, three encodings); beyond
 * this the least used one goes, and is built again when asked.
 */
const MAX_KEPT = 256;

/** The bundle to send, and whether its payload is what memory held while the database did not answer. */
export type KeyedBundle = (clientKey: string) => Promise<{ body: Precompressed; fromMemoryOnly: boolean }>;

/** The bundle's code with the payload (its JSON) set on the running script's element first. */
export const bundleWithPayload = (json: Buffer, bundle: Buffer): Buffer =>
  Buffer.concat([
    Buffer.from(`document.currentScript&&(document.currentScript.${SCRIPT_PAYLOAD_PROPERTY}=`),
    json,
    Buffer.from(');\n'),
    bundle,
  ]);

/**
 * The SDK bundle for a snippet whose address names its client key: the environment's payload first, set on the
 * script element, then the bundle. A first visit then has its payload when the SDK starts, so visual changes are
 * applied before the page is first painted, without waiting for a request of its own. The payload is the one the
 * payload route serves, so the SDK's next poll revalidates it with a 304. A key that opens nothing, or a database
 * that cannot be reached, gets the plain bundle: the page still runs, and the SDK reports the key's problem itself.
 */
export function createKeyedBundle(
  bundle: Precompressed,
  { clientKeys, payloads, log }: { clientKeys: ClientKeys; payloads: PayloadCache; log: FastifyBaseLogger },
): KeyedBundle {
  const kept = new Map<string, { revision: string; body: Promise<Precompressed> }>();
  const build = (json: Buffer) => precompress(bundleWithPayload(json, bundle.identity));

  return async (clientKey) => {
    try {
      const grant = await clientKeys.resolve(clientKey);
      clientKeys.recordUse(grant);
      const snapshot = await payloads.get(grant);
      const { revision } = snapshot.payload;
      let entry = kept.get(clientKey);
      // Taken out and put back: the map's order is then the order of last use, and the least used goes first.
      kept.delete(clientKey);
      if (entry?.revision !== revision) entry = { revision, body: build(snapshot.body.identity) };
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(clientKey, entry);
      return { body: await entry.body, fromMemoryOnly: payloads.servedFromMemoryOnly(grant) };
    } catch (error) {
      // A key revoked, or a build that failed, leaves nothing kept: the next request tries again.
      kept.delete(clientKey);
      if (!(error instanceof AppError)) log.warn({ err: error }, 'SDK bundle served without its payload');
      return { body: bundle, fromMemoryOnly: false };
    }
  };
}
