import { type WebhookDelivery, webhookDeliverySchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { webhooksPath } from './webhooks-path';

export const resendWebhookDelivery = (projectId: string, webhookId: string, deliveryId: string) =>
  api.post<WebhookDelivery>(
    `${webhooksPath(projectId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    { schema: webhookDeliverySchema },
  );

export function useResendWebhookDelivery(projectId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendWebhookDelivery(projectId, webhookId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(projectId, webhookId) }),
  });
}
