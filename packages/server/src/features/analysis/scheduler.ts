import { repeat } from '../../lib/repeat';
import { type RefreshContext, refreshExperiment } from './service';
import { selectDueExperiments } from './snapshots';

const TICK_MS = 60_000;

/**
 * One round of the schedule: refreshes, one after another, the running experiments whose last refresh began more than
 * `everyMinutes` ago. One someone is refreshing already is left for the next round. Resolves with the keys refreshed.
 */
export async function refreshDue(
  context: RefreshContext,
  everyMinutes: number,
  stopped: () => boolean = () => false,
): Promise<string[]> {
  const refreshed: string[] = [];
  const dueBefore = new Date(Date.now() - everyMinutes * 60_000);
  for (const target of await selectDueExperiments(context.db, dueBefore)) {
    if (stopped()) break;
    try {
      // Another server may have refreshed it since this round listed it: then it is no longer due.
      const { done } = await refreshExperiment(context, { ...target, trigger: 'schedule', dueBefore });
      await done;
      refreshed.push(target.key);
    } catch (error) {
      context.log.debug({ err: error, experiment: target.key }, 'scheduled refresh skipped');
    }
  }
  return refreshed;
}

/** Runs a round of the schedule every minute, never two at once. Returns the function that stops it. */
export function scheduleRefreshes(context: RefreshContext, everyMinutes: number): () => Promise<void> {
  return repeat({
    run: (stopped) => refreshDue(context, everyMinutes, stopped),
    every: TICK_MS,
    firstAfterMs: TICK_MS,
    onError: (error) => context.log.error({ err: error }, 'scheduled refreshes failed'),
  }).close;
}
