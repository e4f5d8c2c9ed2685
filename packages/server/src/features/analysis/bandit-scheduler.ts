import { repeat } from '../../lib/repeat';
import { nextPeriodDue, recomputeBandit } from './bandit-recompute';
import { selectRunningBandits } from './bandit-store';
import type { RefreshContext } from './service';

const TICK_MS = 60_000;

/**
 * One round: starts the next period of every running bandit that is due, and tells the SDK payloads of each project
 * whose weights changed. Resolves with the keys of the bandits that got a new period.
 */
export async function recomputeDueBandits(
  context: RefreshContext,
  now = new Date(),
  stopped: () => boolean = () => false,
): Promise<string[]> {
  const recomputed: string[] = [];
  for (const bandit of await selectRunningBandits(context.db)) {
    if (stopped()) break;
    if (bandit.lastPeriodAt && nextPeriodDue(bandit.lastPeriodAt, bandit.bandit.scheduleMinutes) > now.getTime()) {
      continue;
    }
    try {
      if (!(await recomputeBandit(context, bandit, now))) continue;
      await context.changes.notifyProjectChanged(bandit.projectId);
      recomputed.push(bandit.key);
    } catch (error) {
      context.log.error({ err: error, experiment: bandit.key }, 'could not recompute the bandit weights');
    }
  }
  return recomputed;
}

/** Runs a round every minute, never two at once. Returns the function that stops it. */
export function scheduleBanditRecomputations(context: RefreshContext): () => Promise<void> {
  return repeat({
    run: (stopped) => recomputeDueBandits(context, new Date(), stopped),
    every: TICK_MS,
    firstAfterMs: TICK_MS,
    onError: (error) => context.log.error({ err: error }, 'bandit recomputations failed'),
  }).close;
}
