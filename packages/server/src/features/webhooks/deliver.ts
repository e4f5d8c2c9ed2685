import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@tabula/protocol';
import { answeredFailure, type DeliveryFailure, MAX_DETAIL_LENGTH, thrownFailure, timeoutFailure } from './failure';
import { renderBody } from './formats';
import { PrivateAddressError, privateHostOf, publicOnlyLookup } from './private-address';
import { signWebhook } from './signature';
import type { ClaimedDelivery } from './types';

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface AttemptResult {
  responseCode: number | null;
  durationMs: number;
  /** Null when the receiver answered 2xx. */
  failure: DeliveryFailure | null;
}

export interface AttemptOptions {
  timeoutMs?: number;
  /** Whether the receiver may be on this machine or a private network; off, such addresses are refused. */
  allowPrivate?: boolean;
}

class DeliveryTimeout extends Error {}

/**
 * POSTs the body and reads the answer, all within `timeoutMs`. node:http rather than fetch, so that the connection's own
 * DNS lookup can refuse private addresses; it follows no redirect, as none is a delivery.
 */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, allowPrivate }: Required<AttemptOptions>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // Node looks nothing up for a host that is an address, so the lookup cannot refuse it: it is refused here.
    const privateHost = allowPrivate ? null : privateHostOf(url);
    if (privateHost) return reject(new PrivateAddressError(privateHost, privateHost));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= MAX_DETAIL_LENGTH * 4) return;
          chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new DeliveryTimeout()), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/** One attempt: POST the signed body; only a 2xx answer counts (a redirect is not followed, and not a success). */
export async function attemptDelivery(
  delivery: ClaimedDelivery,
  secret: string,
  { timeoutMs = DELIVERY_TIMEOUT_MS, allowPrivate = false }: AttemptOptions = {},
): Promise<AttemptResult> {
  const body = JSON.stringify(renderBody(delivery.format, delivery.body));
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(delivery.url);
  try {
    const response = await post(
      url,
      {
        'content-type': 'application/json',
        'user-agent': 'Tabula-Webhooks/1',
        [WEBHOOK_EVENT_HEADER]: delivery.eventType,
        [WEBHOOK_DELIVERY_HEADER]: delivery.id,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
      },
      body,
      { timeoutMs, allowPrivate },
    );
    const delivered = response.status >= 200 && response.status < 300;
    return {
      responseCode: response.status,
      durationMs: took(),
      failure: delivered ? null : answeredFailure(response.status, response.text),
    };
  } catch (error) {
    const failure = error instanceof DeliveryTimeout ? timeoutFailure(timeoutMs) : thrownFailure(error, url.hostname);
    return { responseCode: null, durationMs: took(), failure };
  }
}
