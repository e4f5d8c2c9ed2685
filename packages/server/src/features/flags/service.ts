import type { Database } from '../../db/client';
import { selectEnvironmentFlags, selectFlagVariantKeys, selectLastFlagEvaluation, upsertFlagUsage } from './store';
import type { EnvironmentFlag, FlagUsageReport } from './types';

export { cloneFlag } from './clone';
export { copyFlagRules, getFlagEnvironment, setFlagEnvironment } from './environments';
export {
  type DecidedVersion,
  type ExperimentRuleUsage,
  listRulesServingExperiment,
  rollOutExperiment,
} from './experiment-rules';
export { createFlag, deleteFlag, flagSnapshot, getFlag, listFlags, setFlagArchived, updateFlag } from './flags';
export type { EnvironmentFlag, Flag, FlagEnvironmentState, FlagUsageReport, FlagWithEnvironments } from './types';

/** The project's flags that are not archived, as one environment sees them, ordered by key. */
export const listEnvironmentFlags = (
  db: Database,
  projectId: string,
  environmentId: string,
): Promise<EnvironmentFlag[]> => selectEnvironmentFlags(db, projectId, environmentId);

/**
 * Records that SDKs evaluated these flags at `at` (a flag's time only moves forward). Written by the SDK endpoints,
 * not by a person: nothing goes to the audit log, and SDK payloads do not change.
 */
export const recordFlagUsage = (db: Database, reports: FlagUsageReport[], at: Date): Promise<void> =>
  upsertFlagUsage(db, reports, at);

/** Whether, and when last, an SDK evaluated one of the project's flags. */
export const lastFlagEvaluation = (db: Database, projectId: string): Promise<Date | null> =>
  selectLastFlagEvaluation(db, projectId);

/** The keys of every flag of the project, archived ones too. */
export const listFlagKeys = async (db: Database, projectId: string): Promise<string[]> =>
  (await selectFlagVariantKeys(db, projectId)).map((flag) => flag.key);
