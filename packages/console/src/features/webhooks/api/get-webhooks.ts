import { type Webhook, webhookListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { webhooksPath } from './webhooks-path';

export const getWebhooks = async (projectId: string): Promise<Webhook[]> =>
  (await api.get(webhooksPath(projectId), { schema: webhookListSchema })).webhooks;

export const getWebhooksQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.webhooks(projectId), queryFn: () => getWebhooks(projectId) });

export const useWebhooks = (projectId: string) => useQuery(getWebhooksQueryOptions(projectId));
