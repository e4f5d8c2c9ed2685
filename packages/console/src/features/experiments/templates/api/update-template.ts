import { type ExperimentTemplate, experimentTemplateSchema, type UpdateExperimentTemplateBody } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { templatePath } from './get-templates';

export const updateTemplate = (
  projectId: string,
  key: string,
  body: UpdateExperimentTemplateBody,
): Promise<ExperimentTemplate> => api.patch(templatePath(projectId, key), { body, schema: experimentTemplateSchema });

/** A template renamed, described again or set up anew; experiments started from it are not touched. */
export function useUpdateTemplate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: UpdateExperimentTemplateBody & { key: string }) =>
      updateTemplate(projectId, key, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.experimentTemplates(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
      ]),
  });
}
