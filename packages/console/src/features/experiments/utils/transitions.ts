import { EXPERIMENT_TRANSITIONS, type ExperimentAction, type ExperimentStatus } from '@tabula/protocol';

/** Whether an experiment in this status may take the action, by the same table the server enforces. */
export const canTransition = (action: ExperimentAction, status: ExperimentStatus): boolean =>
  (EXPERIMENT_TRANSITIONS[action] as readonly ExperimentStatus[]).includes(status);
