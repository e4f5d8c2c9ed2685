import { type WebhookWithSecret, webhookWithSecretSchema } from '@tabula/protocol';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhooksPath } from './webhooks-path';

/** The old secret stops signing at once: receivers must take the new one. */
export const rotateWebhookSecret = (projectId: string, webhookId: string): Promise<WebhookWithSecret> =>
  api.post(`${webhooksPath(projectId, webhookId)}/rotate-secret`, { schema: webhookWithSecretSchema });

export const useRotateWebhookSecret = (projectId: string) =>
  useMutation({ mutationFn: (webhookId: string) => rotateWebhookSecret(projectId, webhookId) });
