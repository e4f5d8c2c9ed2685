import { type ImportMode, type ImportReport, importReportSchema } from '@tabula/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

export interface ImportVariables {
  data: unknown;
  mode: ImportMode;
  dryRun: boolean;
}

/**
 * The report, also when the server refused the import (400 or 409): its error then carries the report, which lists
 * every problem. Anything else is thrown.
 */
export async function importProject(projectId: string, body: ImportVariables): Promise<ImportReport> {
  try {
    return await api.post(`/projects/${encodeURIComponent(projectId)}/import`, { body, schema: importReportSchema });
  } catch (error) {
    const report = isApiError(error) ? importReportSchema.safeParse(error.details) : null;
    if (report?.success) return report.data;
    throw error;
  }
}

export function useImportProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportVariables) => importProject(projectId, body),
    // Flags, segments and metrics may all have changed.
    onSuccess: (report) => (report.dryRun ? undefined : queryClient.invalidateQueries()),
  });
}
