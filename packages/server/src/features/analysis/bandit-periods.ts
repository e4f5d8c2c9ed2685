import type { BanditPeriodList } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { getExperiment } from '../experiments/service';
import { selectPeriods } from './bandit-store';

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
