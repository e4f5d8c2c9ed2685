import type { ExperimentResults, MetricResult, VersionResult } from '@tabula/protocol';

type Lift = NonNullable<VersionResult['lift']>;

/** A version that differs clearly from control on the primary metric. */
export interface DecisiveVersion {
  version: string;
  verdict: 'better' | 'worse';
  lift: Lift & { estimate: number };
}

export type ResultsSummary =
  | { kind: 'no_primary_metric' }
  | { kind: 'not_enough_data'; metric: MetricResult }
  | { kind: 'no_difference'; metric: MetricResult }
  | { kind: 'decisive'; metric: MetricResult; versions: DecisiveVersion[] };

const isDecisive = (row: VersionResult): row is VersionResult & { lift: DecisiveVersion['lift'] } =>
  (row.lift?.verdict === 'better' || row.lift?.verdict === 'worse') && row.lift.estimate !== null;

/**
 * What the first primary metric says: the versions that differ clearly from control, winners first and the larger
 * gain in the metric's good direction first; otherwise whether there is no clear difference or too little data.
 */
export function summariseResults(results: Pick<ExperimentResults, 'metrics'>): ResultsSummary {
  const metric = results.metrics.find((candidate) => candidate.role === 'primary');
  if (!metric) return { kind: 'no_primary_metric' };
  const good = metric.direction === 'higher' ? 1 : -1;
  const versions: DecisiveVersion[] = metric.versions.filter(isDecisive).map((row) => ({
    version: row.version,
    verdict: row.lift.verdict as DecisiveVersion['verdict'],
    lift: row.lift,
  }));
  if (versions.length > 0) {
    versions.sort(
      (a, b) =>
        Number(b.verdict === 'better') - Number(a.verdict === 'better') || good * (b.lift.estimate - a.lift.estimate),
    );
    return { kind: 'decisive', metric, versions };
  }
  const compared = metric.versions.filter((row) => row.lift !== null);
  if (compared.every((row) => row.lift?.verdict === 'not_enough_data')) return { kind: 'not_enough_data', metric };
  return { kind: 'no_difference', metric };
}
