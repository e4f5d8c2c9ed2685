import type { BulkFlagBody, BulkFlagResult } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { protectedEnvironmentError } from '../../http/access';
import { AppError, invalidField } from '../../http/app-error';
import type { Principal } from '../../http/principal';
import { actingOf } from '../audit/service';
import { divertChange } from '../change-requests/service';
import { protectedEnvironmentsAmong, type ReachedEnvironment } from '../project-access/service';
import { listEnvironments } from '../projects/service';
import { setFlagEnvironment } from './environments';
import { getFlag, setFlagArchived } from './flags';

type BulkItem = BulkFlagResult['results'][number];
type Settled = Pick<BulkItem, 'outcome' | 'changeRequest'>;

const APPLIED: Settled = { outcome: 'applied', changeRequest: null };
const UNCHANGED: Settled = { outcome: 'unchanged', changeRequest: null };

/**
 * One flag's change in a savepoint of its own: an error a single-flag route would answer with (not found, a
 * protected environment, a prerequisite in the way) refuses this flag and leaves the others be; anything else
 * (the database away) fails the whole request.
 */
async function settle(
  tx: Database,
  flag: string,
  change: (savepoint: Database) => Promise<Settled>,
): Promise<BulkItem> {
  try {
    return { flag, ...(await tx.transaction(change)), error: null };
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'unavailable' || error.code === 'internal') throw error;
    return { flag, outcome: 'refused', changeRequest: null, error: { code: error.code, message: error.message } };
  }
}

/**
 * Archives, restores or switches many flags, each under the rules its own route obeys: a switch in an environment
 * that requires approvals goes to the caller's draft change request (one draft for all), a protected environment
 * refuses a caller without the grant, and archiving reaches the protected environments where the flag is on. A flag
 * already as asked is left alone (nothing to approve or refuse). Answers each flag's outcome, in the order asked, and
 * whether anything applied (then SDK payloads changed).
 */
export async function bulkChangeFlags(
  db: Database,
  principal: Principal,
  projectId: string,
  body: BulkFlagBody,
): Promise<{ results: BulkItem[]; applied: boolean }> {
  const acting = actingOf(principal);
  const mayChangeProtected = (reached: ReachedEnvironment[]) => {
    if (!principal.protectedEnvironments && reached.length > 0) throw protectedEnvironmentError(reached);
  };
  const results = await db.transaction(async (tx) => {
    const guarded = await protectedEnvironmentsAmong(tx, projectId, 'all');
    const done: BulkItem[] = [];
    if (body.action === 'switch') {
      const { environment, enabled } = body;
      if (!(await listEnvironments(tx, projectId)).some((env) => env.key === environment)) {
        throw invalidField('environment', `This project has no environment "${environment}"`);
      }
      const reached = guarded.filter((env) => env.key === environment);
      for (const key of body.flags) {
        done.push(
          await settle(tx, key, async (savepoint) => {
            const flag = await getFlag(savepoint, projectId, key);
            if (flag.environments[environment]?.enabled === enabled) return UNCHANGED;
            // Four eyes hold for everyone, admins too, as for the single switch.
            if (reached.some((env) => env.requiredApprovals > 0)) {
              const operation = { kind: 'flag.environment' as const, flag: key, environment, change: { enabled } };
              const draft = await divertChange(savepoint, principal, projectId, operation);
              return { outcome: 'requested', changeRequest: { id: draft.id, number: draft.number } };
            }
            mayChangeProtected(reached);
            await setFlagEnvironment(savepoint, acting, projectId, key, environment, { enabled });
            return APPLIED;
          }),
        );
      }
    } else {
      const archived = body.action === 'archive';
      for (const key of body.flags) {
        done.push(
          await settle(tx, key, async (savepoint) => {
            const flag = await getFlag(savepoint, projectId, key);
            if ((flag.archivedAt !== null) === archived) return UNCHANGED;
            // As the single routes: it reaches the protected environments where the flag is on.
            const on = new Set(Object.keys(flag.environments).filter((envKey) => flag.environments[envKey]!.enabled));
            mayChangeProtected(guarded.filter((env) => on.has(env.key)));
            await setFlagArchived(savepoint, acting, projectId, key, archived);
            return APPLIED;
          }),
        );
      }
    }
    return done;
  });
  return { results, applied: results.some((item) => item.outcome === 'applied') };
}
