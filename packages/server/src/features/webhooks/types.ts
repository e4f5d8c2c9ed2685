import type {
  WebhookDeliveryErrorCode,
  WebhookDeliveryErrorParams,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookFormat,
} from '@tabula/protocol';
import type { Actor } from '../audit/types';

export interface Webhook {
  id: string;
  projectId: string;
  name: string;
  url: string;
  events: WebhookEventType[];
  format: WebhookFormat;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The JSON body of version 1, as receivers see it in the `json` format. */
export interface WebhookEventBody {
  version: 1;
  /** The idempotency id, the same as the `x-tabula-delivery` header. */
  id: string;
  type: string;
  occurredAt: string;
  project: { id: string; name: string };
  actor: Actor | null;
  data: Record<string, unknown>;
}

/** An event to announce to the project's webhooks that subscribed to its type. */
export interface WebhookEvent {
  projectId: string;
  type: WebhookEventType;
  actor: Actor | null;
  data: Record<string, unknown>;
}

export interface WebhookDelivery {
  id: string;
  seq: number;
  webhookId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseCode: number | null;
  durationMs: number | null;
  error: string | null;
  errorCode: WebhookDeliveryErrorCode | null;
  errorParams: WebhookDeliveryErrorParams | null;
  createdAt: Date;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
}

/** A due delivery taken by one worker, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  eventType: string;
  body: WebhookEventBody;
  retryUntil: Date;
  url: string;
  format: WebhookFormat;
  sealedSecret: string;
}
