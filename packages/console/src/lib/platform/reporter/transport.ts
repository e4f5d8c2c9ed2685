import type { RumContext } from '@tabula/protocol';
import type { SendBatch } from './queue';

/** Spec §9: a report that takes longer than this is given up. */
export const REPORT_TIMEOUT_MS = 5000;
export const RUM_PATH = '/api/rum/';
/** Browsers let a request outlive its page (`keepalive`) only for bodies up to 64 KiB. */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * Sends one batch to the server's reporting service. Never throws: a console that cannot report must keep working,
 * and a failed report is not itself reported (that would loop).
 */
export function createTransport(options: { fetch: typeof fetch; context: () => RumContext }): SendBatch {
  return async (endpoint, reports) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REPORT_TIMEOUT_MS);
    try {
      const body = JSON.stringify({ context: options.context(), reports });
      await options.fetch(`${RUM_PATH}${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body,
        signal: controller.signal,
        // A report sent as the person moves on to another page still arrives, instead of being aborted with the page.
        keepalive: body.length < KEEPALIVE_MAX_BYTES,
      });
    } catch {
      // Offline, timed out or refused: the batch is dropped.
    } finally {
      clearTimeout(timer);
    }
  };
}
