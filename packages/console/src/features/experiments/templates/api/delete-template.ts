import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { templatePath } from './get-templates';

export const deleteTemplate = (projectId: string, key: string): Promise<void> =>
  api.delete(templatePath(projectId, key));

/** Experiments started from the template keep their settings: they were copied. */
export function useDeleteTemplate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => deleteTemplate(projectId, key),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.experimentTemplates(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
      ]),
  });
}
