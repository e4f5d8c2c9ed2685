import { type WebhookDeliveryPage, type WebhookDeliveryStatus, webhookDeliveryPageSchema } from '@tabula/protocol';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { webhooksPath } from './webhooks-path';

const PAGE_SIZE = 20;
/** Pending deliveries change on their own as the worker retries them: the log follows while it is open. */
const REFRESH_MS = 5000;

export const getWebhookDeliveries = (
  projectId: string,
  webhookId: string,
  query: { status?: WebhookDeliveryStatus | undefined; before?: string | undefined },
): Promise<WebhookDeliveryPage> =>
  api.get(`${webhooksPath(projectId, webhookId)}/deliveries`, {
    query: { limit: PAGE_SIZE, ...query },
    schema: webhookDeliveryPageSchema,
  });

export const useWebhookDeliveries = (projectId: string, webhookId: string, status?: WebhookDeliveryStatus) =>
  useInfiniteQuery({
    queryKey: [...queryKeys.webhookDeliveries(projectId, webhookId), status ?? 'all'],
    queryFn: ({ pageParam }) => getWebhookDeliveries(projectId, webhookId, { status, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: REFRESH_MS,
  });
