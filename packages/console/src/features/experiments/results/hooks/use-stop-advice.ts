import { useQuery } from '@tanstack/react-query';
import { getExperimentResultsQueryOptions } from '../api/get-experiment-results';
import { isTrustworthy, leadingVersion } from '../utils/health';
import { useResultsOptions } from './use-results-options';

/** What the results say to whoever stops the experiment: whether to trust them, and the version they name. */
export interface StopAdvice {
  trusted: boolean;
  leading: string | null;
}

/**
 * The results as the page reads them (same options, so usually already cached), asked for only while the stop
 * decision is open; null until there are results from a succeeded snapshot.
 */
export function useStopAdvice(projectId: string, experimentKey: string, open: boolean): StopAdvice | null {
  const [options] = useResultsOptions();
  const results = useQuery({ ...getExperimentResultsQueryOptions(projectId, experimentKey, options), enabled: open });
  const data = results.data;
  if (!data?.health) return null;
  return { trusted: isTrustworthy(data), leading: leadingVersion(data) };
}
