import { type CreateExperimentTemplateBody, type ExperimentTemplate, experimentTemplateSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { templatesPath } from './get-templates';

export type SaveTemplateBody = Omit<CreateExperimentTemplateBody, 'description'> & { description?: string };

export const saveTemplate = (projectId: string, body: SaveTemplateBody): Promise<ExperimentTemplate> =>
  api.post(templatesPath(projectId), { body, schema: experimentTemplateSchema });

/** A new template, from settings or from an experiment ("save as template"). */
export function useSaveTemplate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTemplateBody) => saveTemplate(projectId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.experimentTemplates(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.audit }),
      ]),
  });
}
