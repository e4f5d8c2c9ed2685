import type { Database } from '../../db/client';
import { listEnvironments } from '../projects/service';

/** A protected environment a change would reach. */
export interface ReachedEnvironment {
  key: string;
  name: string;
  /** Approvals from others a change reaching it needs; 0 applies it at once. */
  requiredApprovals: number;
}

/**
 * The project's protected environments among `keys` (every one of them when `keys` is 'all': a running
 * experiment, for instance, is served in every environment).
 */
export async function protectedEnvironmentsAmong(
  db: Database,
  projectId: string,
  keys: Iterable<string> | 'all',
): Promise<ReachedEnvironment[]> {
  const wanted = keys === 'all' ? null : new Set(keys);
  return (await listEnvironments(db, projectId))
    .filter((env) => env.protected && (wanted === null || wanted.has(env.key)))
    .map(({ key, name, requiredApprovals }) => ({ key, name, requiredApprovals }));
}
