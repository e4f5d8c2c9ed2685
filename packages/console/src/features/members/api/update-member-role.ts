import type { Role } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const updateMemberRole = (userId: string, role: Role): Promise<unknown> =>
  api.patch(`/members/${encodeURIComponent(userId)}`, { body: { role } });

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => updateMemberRole(userId, role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.members }),
  });
}
