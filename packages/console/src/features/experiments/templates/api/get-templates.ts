import { experimentTemplateListSchema, experimentTemplateSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export const templatesPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/experiment-templates`;
export const templatePath = (projectId: string, key: string) =>
  `${templatesPath(projectId)}/${encodeURIComponent(key)}`;

export const getTemplates = (projectId: string) =>
  api.get(templatesPath(projectId), { schema: experimentTemplateListSchema }).then((list) => list.templates);

export const getTemplatesQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: queryKeys.experimentTemplates(projectId), queryFn: () => getTemplates(projectId) });

/** Ordered by name, each with what it names that the project no longer has. */
export const useTemplates = (projectId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getTemplatesQueryOptions(projectId), ...options });

export const getTemplate = (projectId: string, key: string) =>
  api.get(templatePath(projectId, key), { schema: experimentTemplateSchema });

export const useTemplate = (projectId: string, key: string | null) =>
  useQuery({
    queryKey: [...queryKeys.experimentTemplates(projectId), key],
    queryFn: () => getTemplate(projectId, key ?? ''),
    enabled: key !== null,
  });
