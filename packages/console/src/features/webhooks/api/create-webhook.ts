import { type CreateWebhookBody, type WebhookWithSecret, webhookWithSecretSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { webhooksPath } from './webhooks-path';

export const createWebhook = (projectId: string, body: CreateWebhookBody): Promise<WebhookWithSecret> =>
  api.post(webhooksPath(projectId), { body, schema: webhookWithSecretSchema });

export function useCreateWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => createWebhook(projectId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(projectId) }),
  });
}
