import { type ProjectExportDocument, projectExportDocumentSchema } from '@tabula/protocol';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadJson } from '../utils/download';

export const exportProject = (projectId: string): Promise<ProjectExportDocument> =>
  api.get(`/projects/${encodeURIComponent(projectId)}/export`, { schema: projectExportDocumentSchema });

/** Fetches the export and hands it to the browser as a file. */
export const useExportProject = (projectId: string) =>
  useMutation({
    mutationFn: async () => {
      const document = await exportProject(projectId);
      downloadJson(`tabula-project-${document.exportedAt.slice(0, 10)}.json`, document);
      return document;
    },
  });
