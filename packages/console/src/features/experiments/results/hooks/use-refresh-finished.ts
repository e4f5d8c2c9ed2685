import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidateExperiments } from '../../api/invalidate-experiments';

/**
 * A refresh that finishes may raise alerts and, with auto-stop, stop the experiment: once the results show a newer
 * snapshot, the experiment, its list row (badge) and its alerts are read again.
 */
export function useRefreshFinished(projectId: string, finishedAt: string | null | undefined): void {
  const queryClient = useQueryClient();
  const seen = useRef(finishedAt);
  useEffect(() => {
    if (finishedAt === seen.current) return;
    const first = seen.current === undefined;
    seen.current = finishedAt;
    if (!first) void invalidateExperiments(queryClient, projectId);
  }, [finishedAt, projectId, queryClient]);
}
