import { type OrganizationSettings, organizationSettingsSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getOrganization = (): Promise<OrganizationSettings> =>
  api.get('/organization', { schema: organizationSettingsSchema });

export const getOrganizationQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.organization, queryFn: getOrganization });

export const useOrganization = () => useQuery(getOrganizationQueryOptions());
