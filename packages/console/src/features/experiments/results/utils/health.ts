import type { ExperimentResults, HealthCheck } from '@tabula/protocol';
import { summariseResults } from './summary';

/** The checks the snapshot fails; results from before health was checked count as sound. */
export const failedChecks = (results: Pick<ExperimentResults, 'health'>): HealthCheck[] =>
  results.health?.checks.filter((check) => !check.passed) ?? [];

/** While any check fails no verdict is trustworthy, whatever the statistics say. */
export const isTrustworthy = (results: Pick<ExperimentResults, 'health'>): boolean =>
  failedChecks(results).length === 0;

/** The version to ship when the results are sound and name one: the best "better" version of the primary metric. */
export function leadingVersion(results: Pick<ExperimentResults, 'health' | 'metrics'>): string | null {
  if (!isTrustworthy(results)) return null;
  const summary = summariseResults(results);
  if (summary.kind !== 'decisive') return null;
  const [first] = summary.versions;
  return first?.verdict === 'better' ? first.version : null;
}
