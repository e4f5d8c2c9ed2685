import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@tabula/protocol';
import { renderBody } from './formats';
import { signWebhook } from './signature';
import type { ClaimedDelivery } from './types';

export const DELIVERY_TIMEOUT_MS = 10_000;
/** Enough of a receiver's error answer to tell what went wrong, not a page of HTML. */
const MAX_ERROR_LENGTH = 300;

export interface AttemptResult {
  responseCode: number | null;
  durationMs: number;
  /** Null when the receiver answered 2xx. */
  error: string | null;
}

const messageOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
};

/** One attempt: POST the signed body; only a 2xx answer counts (a redirect is not followed, and not a success). */
export async function attemptDelivery(
  delivery: ClaimedDelivery,
  secret: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<AttemptResult> {
  const body = JSON.stringify(renderBody(delivery.format, delivery.body));
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Tabula-Webhooks/1',
        [WEBHOOK_EVENT_HEADER]: delivery.eventType,
        [WEBHOOK_DELIVERY_HEADER]: delivery.id,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text().catch(() => '');
    if (response.status >= 200 && response.status < 300) {
      return { responseCode: response.status, durationMs: took(), error: null };
    }
    const detail = text.trim().slice(0, MAX_ERROR_LENGTH);
    return {
      responseCode: response.status,
      durationMs: took(),
      error: `The receiver answered ${response.status}${detail ? `: ${detail}` : ''}`,
    };
  } catch (error) {
    return { responseCode: null, durationMs: took(), error: messageOf(error) };
  }
}
