import { z } from 'zod';
import { idSchema, nameSchema, timestampSchema } from './common';

/** What a project's webhook may subscribe to; `webhook.test` is sent by "Send test" only. */
export const WEBHOOK_EVENT_TYPES = [
  'flag.changed',
  'experiment.started',
  'experiment.stopped',
  'experiment.srm_detected',
  'experiment.alert_raised',
  'change_request.review_requested',
  'change_request.approved',
  'scheduled_change.ran',
  'scheduled_change.failed',
  'payload.revised',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** `json` is Tabula's own signed body; `slack` and `teams` are messages those tools' incoming webhooks accept. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams'] as const;
export const webhookFormatSchema = z.enum(WEBHOOK_FORMATS);
export type WebhookFormat = z.infer<typeof webhookFormatSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** The version of the JSON body below; a receiver can tell a future shape from this one. */
export const WEBHOOK_BODY_VERSION = 1;
export const WEBHOOK_SIGNATURE_HEADER = 'x-tabula-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-tabula-timestamp';
export const WEBHOOK_EVENT_HEADER = 'x-tabula-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-tabula-delivery';

/** An http(s) address with a host and no user name or password (a receiver's credentials belong in its path). */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, error: 'Please input a valid http(s) URL' }))
  .refine((url) => !/^https?:\/\/[^/?#]*@/i.test(url), 'Please input a URL without a user name or password');

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Please choose at least one event')
  .transform((events) => [...new Set(events)]);

export const createWebhookBodySchema = z.strictObject({
  name: nameSchema,
  url: webhookUrlSchema,
  events: eventsSchema,
  format: webhookFormatSchema.default('json'),
  enabled: z.boolean().default(true),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .strictObject({
    name: nameSchema,
    url: webhookUrlSchema,
    events: eventsSchema,
    format: webhookFormatSchema,
    enabled: z.boolean(),
  })
  .partial();
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

export const webhookSchema = z.object({
  id: idSchema,
  name: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  format: webhookFormatSchema,
  enabled: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
/** The signing secret is in the answer to create and to rotate, and never again. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/**
 * Why an attempt failed, for a reader's own language: the receiver answered other than 2xx (`status`), said nothing in
 * time (`timeout`), is on a private network (`private_address`), could not be connected to or cut the connection
 * (`connection`: refused, reset, a name that does not resolve), showed a certificate TLS does not accept (`certificate`:
 * expired, self-signed, for another name), the webhook's signing secret no longer opens (`secret_unreadable`), or
 * anything else (`other`).
 */
export const WEBHOOK_DELIVERY_ERROR_CODES = [
  'status',
  'timeout',
  'private_address',
  'connection',
  'certificate',
  'secret_unreadable',
  'other',
] as const;
export const webhookDeliveryErrorCodeSchema = z.enum(WEBHOOK_DELIVERY_ERROR_CODES);
export type WebhookDeliveryErrorCode = z.infer<typeof webhookDeliveryErrorCodeSchema>;

/** The figures an error code's sentence needs; each code sets only its own. */
export const webhookDeliveryErrorParamsSchema = z.object({
  /** `status`: the receiver's HTTP status. */
  status: z.number().int().optional(),
  /** `timeout`: how long the receiver had to answer. */
  seconds: z.number().optional(),
  /** `private_address`, `connection`, `certificate`: the URL's host. */
  host: z.string().optional(),
  /** `private_address`: the refused address (the host itself when the URL names an address). */
  address: z.string().optional(),
  /**
   * Verbatim, never a sentence to translate: the start of the receiver's answer (`status`, absent when it said
   * nothing) or the network's own error (`connection`, `certificate`, `other`).
   */
  detail: z.string().optional(),
});
export type WebhookDeliveryErrorParams = z.infer<typeof webhookDeliveryErrorParamsSchema>;

/** The server setting that lets webhooks reach private networks, named wherever a receiver is refused for it. */
export const WEBHOOK_ALLOW_PRIVATE_SETTING = 'TABULA_WEBHOOK_ALLOW_PRIVATE';

export const webhookDeliverySchema = z.object({
  /** The idempotency id: the same on every attempt and on a resend. */
  id: idSchema,
  webhookId: idSchema,
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed, in English; null once delivered. */
  error: z.string().nullable(),
  /**
   * The same reason as a code (one of WEBHOOK_DELIVERY_ERROR_CODES) and its figures; null once delivered, and on
   * attempts logged before codes existed. Read as any text, so that a console older than its server shows a code it
   * does not know by the English `error` instead of refusing the whole log.
   */
  errorCode: z.string().nullable(),
  errorParams: webhookDeliveryErrorParamsSchema.nullable(),
  createdAt: timestampSchema,
  nextAttemptAt: timestampSchema.nullable(),
  lastAttemptAt: timestampSchema.nullable(),
  deliveredAt: timestampSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuerySchema = z.strictObject({
  status: webhookDeliveryStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Cursor: the `nextCursor` of the previous page. */
  before: z.string().max(64).optional(),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>;
export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
