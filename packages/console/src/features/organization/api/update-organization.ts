import { type OrganizationSettings, organizationSettingsSchema, type UpdateOrganizationBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateSession } from '../../../lib/auth';
import { storeAnswer } from '../../../lib/query-data';
import { queryKeys } from '../../../lib/query-keys';

export const updateOrganization = (body: UpdateOrganizationBody): Promise<OrganizationSettings> =>
  api.patch('/organization', { body, schema: organizationSettingsSchema });

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (organization) => {
      await storeAnswer(queryClient, queryKeys.organization, organization);
      // The session knows the rule too: an admin without a second factor is sent to set one up at once.
      updateSession(queryClient, (me) => ({
        ...me,
        organization: { ...me.organization, requireMfa: organization.requireMfa },
      }));
    },
  });
}
