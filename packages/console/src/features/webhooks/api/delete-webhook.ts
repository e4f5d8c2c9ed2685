import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { webhooksPath } from './webhooks-path';

export const deleteWebhook = (projectId: string, webhookId: string): Promise<void> =>
  api.delete(webhooksPath(projectId, webhookId));

export function useDeleteWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => deleteWebhook(projectId, webhookId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks(projectId) }),
  });
}
