import type { PayloadSnapshot } from '../sdk-payload/service';

/** How long a hidden page keeps its stream; it fetches again when it shows. */
export const INACTIVITY_DELAY_SEC = 120;

/**
 * OFREP's change notification: no flags, only the word to fetch the bulk answer again. The revision is its id, so a
 * reconnecting provider says what it last heard of.
 */
export function refetchEventOf({ payload }: PayloadSnapshot): Buffer {
  const data = JSON.stringify({
    type: 'refetchEvaluation',
    etag: `"${payload.revision}"`,
    lastModified: Math.floor(Date.parse(payload.generatedAt) / 1000),
  });
  return Buffer.from(`id: ${payload.revision}\nevent: message\ndata: ${data}\n\n`);
}
