import type { Database } from '../../db/client';
import { selectExperimentKeys, selectRunningExperiments } from './store';
import type { RunningExperiment } from './types';

export { addExperimentMetric } from './add-metric';
export { createExperiment, updateExperiment } from './definition';
export { type EventStore, exposedUnits, getExperiment, listExperiments } from './queries';
export { archiveExperiment, pauseExperiment, startExperiment } from './transitions';
export type { Experiment, ExperimentDetails, ExperimentVersion, RunningExperiment } from './types';
export { versionIssues } from './versions';
export { CONTROL_READ_ONLY, saveVisualChanges, setIntegrationConfigured, type VersionChanges } from './visual-changes';

/** Ordered by key, each with its versions in their order. */
export const listRunningExperiments = (db: Database, projectId: string): Promise<RunningExperiment[]> =>
  selectRunningExperiments(db, projectId);

/** Every experiment of the project, whatever its status: what a flag rule may serve. */
export const listExperimentKeys = (db: Database, projectId: string): Promise<string[]> =>
  selectExperimentKeys(db, projectId);
export { setBanditWeights } from './bandit-weights';
export { experimentReach, experimentReachOf } from './reach';
export { stopExperiment } from './stop-experiment';
