import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { webhooksPath } from './webhooks-path';

const sentSchema = z.object({ deliveryId: z.string() });

/** A `webhook.test` event goes through the outbox like any other; its delivery shows in the log. */
export const sendTestWebhook = (projectId: string, webhookId: string) =>
  api.post(`${webhooksPath(projectId, webhookId)}/test`, { schema: sentSchema });

export function useSendTestWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => sendTestWebhook(projectId, webhookId),
    onSuccess: (_, webhookId) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(projectId, webhookId) }),
  });
}
