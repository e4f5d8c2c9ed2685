import { type UpdateWebhookBody, type Webhook, webhookSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { webhooksPath } from './webhooks-path';

export const updateWebhook = (projectId: string, webhookId: string, body: UpdateWebhookBody): Promise<Webhook> =>
  api.patch(webhooksPath(projectId, webhookId), { body, schema: webhookSchema });

export function useUpdateWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateWebhookBody & { id: string }) => updateWebhook(projectId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(projectId) }),
  });
}
