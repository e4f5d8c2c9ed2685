import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client';

/** The PostgreSQL channel every server process listens on; a notification's payload is a project id. */
export const CHANGES_CHANNEL = 'tabula_changes';

/** A project's payload-relevant data changed, or (`projectId` null) anything may have: forget everything. */
export interface ProjectChange {
  projectId: string | null;
}

/**
 * Tells every cache, in this process and in every other one on the same database, that a project's flags,
 * segments, experiments or keys changed. Caches then rebuild lazily from the database.
 */
export interface ChangeBus {
  /** Call after the write committed: readers must not rebuild from data that is not yet visible. */
  notifyProjectChanged(projectId: string): Promise<void>;
  subscribe(listener: (change: ProjectChange) => void): () => void;
  close(): Promise<void>;
}

export async function createChangeBus(handle: DatabaseHandle, log: FastifyBaseLogger): Promise<ChangeBus> {
  const listeners = new Set<(change: ProjectChange) => void>();
  const emit = (change: ProjectChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log.error({ err: error }, 'a change listener failed');
      }
    }
  };

  const unlisten = await handle.listen(CHANGES_CHANNEL, {
    onNotification: (projectId) => emit({ projectId: projectId || null }),
    onGap: () => {
      log.warn('change notifications resumed after a gap: forgetting every cached payload');
      emit({ projectId: null });
    },
    onError: (error) => {
      log.warn({ err: error }, 'the change notification connection failed; reconnecting');
      // Changes may go unheard from now on: caches revalidate, and so learn whether the database still answers.
      emit({ projectId: null });
    },
  });

  return {
    async notifyProjectChanged(projectId) {
      // This process sees its own change at once, so the next request after a write reads that write.
      emit({ projectId });
      try {
        await handle.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${projectId})`);
      } catch (error) {
        // The write is committed; other processes catch up when their cached payload expires.
        log.error({ err: error, projectId }, 'could not notify other server processes of a change');
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await unlisten().catch((error: unknown) => log.warn({ err: error }, 'could not stop listening for changes'));
    },
  };
}
