import type { BanditPeriodList } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { type ExperimentDetails, getExperiment } from '../experiments/service';
import { selectPeriods } from './bandit-store';
import { hourLabel } from './buckets';
import type { BanditPeriodInput } from './results';

/** The bandit's periods in the experiment's current phase, as the results page charts them. */
export async function banditPeriods(db: Database, projectId: string, key: string): Promise<BanditPeriodList> {
  const experiment = await getExperiment(db, projectId, key);
  const periods = await selectPeriods(db, experiment.id, experiment.phase);
  return {
    phase: experiment.phase,
    periods: periods.map((period) => ({
      index: period.index,
      startedAt: period.startedAt.toISOString(),
      weights: period.weights,
      probabilities: period.probabilities,
    })),
  };
}

/** A bandit's periods as its results compare versions by them; undefined for an experiment of fixed weights. */
export async function resultsPeriods(
  db: Database,
  experiment: Pick<ExperimentDetails, 'id' | 'phase' | 'bandit'>,
): Promise<BanditPeriodInput[] | undefined> {
  if (!experiment.bandit) return undefined;
  const periods = await selectPeriods(db, experiment.id, experiment.phase);
  return periods.map((period) => ({ start: hourLabel(period.startedAt), weights: period.weights }));
}
