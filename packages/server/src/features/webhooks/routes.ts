import {
  createWebhookBodySchema,
  idSchema,
  updateWebhookBodySchema,
  WEBHOOK_ALLOW_PRIVATE_SETTING,
  type Webhook as WebhookBody,
  type WebhookDelivery as WebhookDeliveryBody,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@tabula/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { principalOf } from '../../http/access';
import { invalidField } from '../../http/app-error';
import { iso, isoOrNull, noContent, projectParams, withErrors } from '../../http/schemas';
import { actingOf } from '../audit/service';
import * as webhooks from './manage';
import { privateHostOf } from './private-address';
import type { Webhook, WebhookDelivery } from './types';

const toWebhookBody = (hook: Webhook): WebhookBody => ({
  id: hook.id,
  name: hook.name,
  url: hook.url,
  events: hook.events,
  format: hook.format,
  enabled: hook.enabled,
  createdAt: iso(hook.createdAt),
  updatedAt: iso(hook.updatedAt),
});

const toDeliveryBody = (delivery: WebhookDelivery): WebhookDeliveryBody => ({
  id: delivery.id,
  webhookId: delivery.webhookId,
  eventType: delivery.eventType,
  status: delivery.status,
  attempts: delivery.attempts,
  responseCode: delivery.responseCode,
  durationMs: delivery.durationMs,
  error: delivery.error,
  errorCode: delivery.errorCode,
  errorParams: delivery.errorParams,
  createdAt: iso(delivery.createdAt),
  nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
  lastAttemptAt: isoOrNull(delivery.lastAttemptAt),
  deliveredAt: isoOrNull(delivery.deliveredAt),
});

/** A URL naming this machine or a private address is refused at once; a name resolving to one, at each delivery. */
function refusePrivateUrl(url: string, allowPrivate: boolean) {
  const host = allowPrivate ? null : privateHostOf(new URL(url));
  if (host) {
    throw invalidField(
      'url',
      `Please input a public address: ${host} is on a private network (${WEBHOOK_ALLOW_PRIVATE_SETTING})`,
    );
  }
}

const webhookParams = projectParams.extend({ webhookId: idSchema });
const deliveryParams = webhookParams.extend({ deliveryId: idSchema });

/**
 * Managing webhooks, and reading them, takes an admin: their URLs (a chat tool's especially) are credentials, and
 * their deliveries show what the project's changes were.
 */
export const webhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config, webhooks: outbox }) => {
  const tags = ['webhooks'];
  const admin = { access: { role: 'admin' as const } };
  const base = '/projects/:projectId/webhooks';

  app.get(
    base,
    { config: admin, schema: { tags, params: projectParams, response: withErrors({ 200: webhookListSchema }) } },
    async (request) => ({ webhooks: (await webhooks.listWebhooks(db, request.params.projectId)).map(toWebhookBody) }),
  );

  app.post(
    base,
    {
      config: admin,
      schema: {
        tags,
        params: projectParams,
        body: createWebhookBodySchema,
        response: withErrors({ 201: webhookWithSecretSchema }),
      },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      refusePrivateUrl(request.body.url, config.webhookAllowPrivate);
      const created = await db.transaction((tx) =>
        webhooks.createWebhook(tx, outbox.secrets, acting, request.params.projectId, request.body),
      );
      return reply.status(201).send({ ...toWebhookBody(created.webhook), secret: created.secret });
    },
  );

  app.get(
    `${base}/:webhookId`,
    { config: admin, schema: { tags, params: webhookParams, response: withErrors({ 200: webhookSchema }) } },
    async (request) => toWebhookBody(await webhooks.getWebhook(db, request.params.projectId, request.params.webhookId)),
  );

  app.patch(
    `${base}/:webhookId`,
    {
      config: admin,
      schema: {
        tags,
        params: webhookParams,
        body: updateWebhookBodySchema,
        response: withErrors({ 200: webhookSchema }),
      },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, webhookId } = request.params;
      if (request.body.url !== undefined) refusePrivateUrl(request.body.url, config.webhookAllowPrivate);
      const updated = await db.transaction((tx) =>
        webhooks.updateWebhook(tx, acting, projectId, webhookId, request.body),
      );
      // Held deliveries of a webhook turned back on are due.
      outbox.worker.wake();
      return toWebhookBody(updated);
    },
  );

  app.delete(
    `${base}/:webhookId`,
    { config: admin, schema: { tags, params: webhookParams, response: withErrors({ 204: noContent }) } },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, webhookId } = request.params;
      await db.transaction((tx) => webhooks.deleteWebhook(tx, acting, projectId, webhookId));
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/:webhookId/rotate-secret`,
    {
      config: admin,
      schema: { tags, params: webhookParams, response: withErrors({ 200: webhookWithSecretSchema }) },
    },
    async (request) => {
      const acting = actingOf(principalOf(request));
      const { projectId, webhookId } = request.params;
      const rotated = await db.transaction((tx) =>
        webhooks.rotateWebhookSecret(tx, outbox.secrets, acting, projectId, webhookId),
      );
      return { ...toWebhookBody(rotated.webhook), secret: rotated.secret };
    },
  );

  app.get(
    `${base}/:webhookId/deliveries`,
    {
      config: admin,
      schema: {
        tags,
        params: webhookParams,
        querystring: webhookDeliveryQuerySchema,
        response: withErrors({ 200: webhookDeliveryPageSchema }),
      },
    },
    async (request) => {
      const { projectId, webhookId } = request.params;
      const page = await webhooks.listDeliveries(db, projectId, webhookId, request.query);
      return { deliveries: page.deliveries.map(toDeliveryBody), nextCursor: page.nextCursor };
    },
  );

  app.post(
    `${base}/:webhookId/deliveries/:deliveryId/resend`,
    {
      config: admin,
      schema: { tags, params: deliveryParams, response: withErrors({ 200: webhookDeliverySchema }) },
    },
    async (request) => {
      const { projectId, webhookId, deliveryId } = request.params;
      const row = await db.transaction((tx) => webhooks.resendDelivery(tx, { projectId, webhookId, id: deliveryId }));
      outbox.worker.wake();
      return toDeliveryBody(row);
    },
  );

  app.post(
    `${base}/:webhookId/test`,
    {
      config: admin,
      schema: { tags, params: webhookParams, response: withErrors({ 202: z.object({ deliveryId: idSchema }) }) },
    },
    async (request, reply) => {
      const acting = actingOf(principalOf(request));
      const { projectId, webhookId } = request.params;
      const deliveryId = await db.transaction((tx) => webhooks.sendTestEvent(tx, acting, projectId, webhookId));
      outbox.worker.wake();
      return reply.status(202).send({ deliveryId });
    },
  );
};
