import type { Database } from '../../db/client';
import { selectEnvironmentFlags } from './store';
import type { EnvironmentFlag } from './types';

export { copyFlagRules, getFlagEnvironment, setFlagEnvironment } from './environments';
export { createFlag, deleteFlag, getFlag, listFlags, setFlagArchived, updateFlag } from './flags';
export type { EnvironmentFlag, Flag, FlagEnvironmentState, FlagWithEnvironments } from './types';

/** The project's flags that are not archived, as one environment sees them, ordered by key. */
export const listEnvironmentFlags = (
  db: Database,
  projectId: string,
  environmentId: string,
): Promise<EnvironmentFlag[]> => selectEnvironmentFlags(db, projectId, environmentId);
