import type { BanditSettings, ExperimentMetrics } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { invalidField } from '../../http/app-error';
import { getMetric } from '../metrics/service';

/**
 * A bandit's weights follow its one primary metric, so it needs exactly one; Thompson sampling here models
 * conversions (Beta) and per-unit means (normal), not ratios; and every version must be able to hold the floor.
 */
export async function checkBandit(
  tx: Database,
  projectId: string,
  definition: { bandit: BanditSettings | null; metrics: ExperimentMetrics; versions: readonly unknown[] },
): Promise<void> {
  const { bandit, metrics, versions } = definition;
  if (bandit === null) return;
  if (metrics.primary.length !== 1) {
    throw invalidField(
      'bandit',
      `A bandit needs exactly one primary metric to move traffic by; this experiment has ${metrics.primary.length}`,
    );
  }
  if (versions.length * bandit.minWeight > 10_000) {
    throw invalidField(
      'bandit.minWeight',
      `The minimum weight of ${bandit.minWeight / 100}% for each of ${versions.length} versions adds up to more than 100%`,
    );
  }
  const metric = await getMetric(tx, projectId, metrics.primary[0] as string);
  if (metric.type === 'ratio') {
    throw invalidField('bandit', `A bandit's primary metric must be a conversion, count or sum metric, not a ratio`);
  }
}
