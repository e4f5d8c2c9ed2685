import { type ProjectMember, projectMemberSchema, type UpdateProjectMemberBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const updateProjectMember = (
  projectId: string,
  userId: string,
  body: UpdateProjectMemberBody,
): Promise<ProjectMember> =>
  api.put(`/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`, {
    body,
    schema: projectMemberSchema,
  });

export function useUpdateProjectMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: UpdateProjectMemberBody & { userId: string }) =>
      updateProjectMember(projectId, userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projectMembers(projectId) }),
  });
}
