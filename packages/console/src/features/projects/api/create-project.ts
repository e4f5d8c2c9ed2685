import { type CreateProjectBody, type Project, projectSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const createProject = (body: CreateProjectBody): Promise<Project> =>
  api.post('/projects', { body, schema: projectSchema });

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData(queryKeys.project(project.id), project);
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true });
    },
  });
}
