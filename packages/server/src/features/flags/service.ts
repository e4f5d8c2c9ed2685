import type { Database } from '../../db/client';
import { selectEnvironmentFlags } from './store';
import type { EnvironmentFlag } from './types';

export type { EnvironmentFlag, Flag } from './types';

/** The project's flags that are not archived, as one environment sees them, ordered by key. */
export const listEnvironmentFlags = (
  db: Database,
  projectId: string,
  environmentId: string,
): Promise<EnvironmentFlag[]> => selectEnvironmentFlags(db, projectId, environmentId);
