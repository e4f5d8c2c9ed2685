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
  for (const target of await selectDueExperiments(context.db, new Date(Date.now() - everyMinutes * 60_000))) {
    if (stopped()) break;
    try {
      const { done } = await refreshExperiment(context, { ...target, trigger: 'schedule' });
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
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    current = current
      .then(() => refreshDue(context, everyMinutes, () => stopped))
      .catch((error: unknown) => context.log.error({ err: error }, 'scheduled refreshes failed'));
  }, TICK_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
