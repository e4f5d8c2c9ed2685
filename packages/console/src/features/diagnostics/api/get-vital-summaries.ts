import { type DiagnosticsWindow, vitalSummaryListSchema } from '@tabula/protocol';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getVitalSummaries = (days: DiagnosticsWindow) =>
  api.get('/diagnostics/vitals', { query: { days }, schema: vitalSummaryListSchema });

export const getVitalSummariesQueryOptions = (days: DiagnosticsWindow) =>
  queryOptions({
    queryKey: [...queryKeys.diagnostics, 'vitals', days],
    queryFn: () => getVitalSummaries(days),
    select: (list) => list.summaries,
  });

export const useVitalSummaries = (days: DiagnosticsWindow) => useQuery(getVitalSummariesQueryOptions(days));
