import type { SdkPayload } from '@tabula/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeBus } from '../../db/change-bus';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { type Precompressed, precompress } from '../../http/precompressed';
import { settleWithin } from '../../lib/settle-within';
import { type BuiltPayload, buildPayload, type PayloadScope } from './builder';
import { sealPayload } from './seal';

/**
 * One revision of one environment's payload, serialized and compressed once for every request and stream. The
 * payload is what the server evaluates with; the body and the event carry it encrypted when the environment says so.
 */
export interface PayloadSnapshot {
  payload: SdkPayload;
  body: Precompressed;
  /** The server-sent event carrying it; its id is the revision, so a reconnecting stream says what it holds. */
  event: Buffer;
}

/**
 * A safety net under the change notifications: a process that crashed between its commit and its NOTIFY leaves
 * the others stale for at most this long. Revalidation happens in the background and keeps the revision (and so
 * every SDK's ETag) when nothing changed.
 */
const MAX_AGE_MS = 60 * 1000;
/** While the database is down, a stale payload is served and a rebuild tried at most this often. */
const RETRY_AFTER_FAILURE_MS = 1000;
/**
 * A rebuild after a change takes milliseconds; one still running after this is waiting on a database that does not
 * answer, and the payload already held is served meanwhile rather than holding every SDK until the timeout.
 */
const MAX_WAIT_FOR_REBUILD_MS = 1000;

interface Build {
  generation: number;
  promise: Promise<PayloadSnapshot>;
}

interface Entry {
  scope: PayloadScope;
  snapshot: PayloadSnapshot | null;
  /** Bumped by every change of the project; a snapshot built from an older generation is stale. */
  generation: number;
  snapshotGeneration: number;
  builtAt: number;
  failedAt: number;
  build: Build | null;
  /** When the running build started. */
  buildStartedAt: number;
}

export interface PayloadCache {
  /** The environment's current payload: from memory, or rebuilt once after a change and shared by all waiting. */
  get(scope: PayloadScope): Promise<PayloadSnapshot>;
  /**
   * Whether what `get` serves for the environment is what memory held when the database last answered: its latest
   * rebuild failed, or is still waiting for the database.
   */
  servedFromMemoryOnly(scope: PayloadScope): boolean;
  /**
   * The payload as of the latest change, however long its rebuild takes: a stream has no request waiting on it, and
   * an update it skipped because the database was slow would never reach its pages. Resolves with the newest
   * snapshot held, so overlapping rebuilds never hand back an older one.
   */
  latest(scope: PayloadScope): Promise<PayloadSnapshot>;
  /** Called with the environments whose payload may have changed (streams then fetch and push it). */
  onStale(listener: (scopes: PayloadScope[]) => void): () => void;
  close(): void;
}

async function snapshotOf({ payload, payloadKey }: BuiltPayload): Promise<PayloadSnapshot> {
  const json = JSON.stringify(payloadKey === null ? payload : sealPayload(payload, payloadKey));
  return {
    payload,
    body: await precompress(Buffer.from(json), `"${payload.revision}"`),
    event: Buffer.from(`id: ${payload.revision}\nevent: payload\ndata: ${json}\n\n`),
  };
}

export function createPayloadCache(
  db: Database,
  changes: ChangeBus,
  log: FastifyBaseLogger,
  onRebuild?: (seconds: number, succeeded: boolean) => void,
): PayloadCache {
  const entries = new Map<string, Entry>();
  const staleListeners = new Set<(scopes: PayloadScope[]) => void>();

  const unsubscribe = changes.subscribe(({ projectId }) => {
    const stale: PayloadScope[] = [];
    for (const entry of entries.values()) {
      if (projectId !== null && entry.scope.projectId !== projectId) continue;
      entry.generation += 1;
      stale.push(entry.scope);
    }
    if (stale.length === 0) return;
    for (const listener of staleListeners) listener(stale);
  });

  const rebuild = async (entry: Entry, generation: number): Promise<PayloadSnapshot> => {
    const startedAt = performance.now();
    try {
      const built = await buildPayload(db, entry.scope);
      onRebuild?.((performance.now() - startedAt) / 1000, true);
      const previous = entry.snapshot;
      const snapshot = previous?.payload.revision === built.payload.revision ? previous : await snapshotOf(built);
      // Builds may overlap (a change arrived mid-build); an older one must not replace a newer one's result.
      if (generation >= entry.snapshotGeneration) {
        entry.snapshot = snapshot;
        entry.snapshotGeneration = generation;
        entry.builtAt = Date.now();
      }
      return snapshot;
    } catch (error) {
      onRebuild?.((performance.now() - startedAt) / 1000, false);
      entry.failedAt = Date.now();
      log.error({ err: error, environmentId: entry.scope.environmentId }, 'could not build the SDK payload');
      if (entry.snapshot) return entry.snapshot;
      throw new AppError('unavailable', 'The server cannot reach its database; try again shortly');
    }
  };

  const startBuild = (entry: Entry): Promise<PayloadSnapshot> => {
    const build: Build = { generation: entry.generation, promise: rebuild(entry, entry.generation) };
    entry.build = build;
    entry.buildStartedAt = Date.now();
    const settled = () => {
      // A newer build may have taken this one's place meanwhile.
      if (entry.build === build) entry.build = null;
    };
    build.promise.then(settled, settled);
    return build.promise;
  };

  const entryOf = (scope: PayloadScope): Entry => {
    let entry = entries.get(scope.environmentId);
    if (!entry) {
      entry = {
        scope,
        snapshot: null,
        generation: 0,
        snapshotGeneration: -1,
        builtAt: 0,
        failedAt: 0,
        build: null,
        buildStartedAt: 0,
      };
      entries.set(scope.environmentId, entry);
    }
    return entry;
  };

  /** Joining a build that started before the latest change would answer with data older than that change. */
  const currentBuild = (entry: Entry) =>
    entry.build && entry.build.generation === entry.generation ? entry.build.promise : undefined;

  return {
    get(scope) {
      const entry = entryOf(scope);
      const { snapshot } = entry;
      const now = Date.now();
      if (snapshot && entry.snapshotGeneration === entry.generation) {
        if (now - entry.builtAt > MAX_AGE_MS && !entry.build && now - entry.failedAt > RETRY_AFTER_FAILURE_MS) {
          void startBuild(entry);
        }
        return Promise.resolve(snapshot);
      }
      const build = currentBuild(entry);
      if (!build && snapshot && now - entry.failedAt < RETRY_AFTER_FAILURE_MS) return Promise.resolve(snapshot);
      const current = build ?? startBuild(entry);
      if (!snapshot) return current;
      // Once a rebuild failed, the database is not waited for at all until one succeeds.
      const failing = entry.failedAt > entry.builtAt;
      const wait = failing ? 0 : Math.max(0, MAX_WAIT_FOR_REBUILD_MS - (now - entry.buildStartedAt));
      return settleWithin(current, wait, snapshot);
    },
    latest(scope) {
      const entry = entryOf(scope);
      if (entry.snapshot && entry.snapshotGeneration === entry.generation) return Promise.resolve(entry.snapshot);
      const build = currentBuild(entry) ?? startBuild(entry);
      return build.then((built) => entry.snapshot ?? built);
    },
    servedFromMemoryOnly(scope) {
      const entry = entries.get(scope.environmentId);
      if (!entry?.snapshot) return false;
      const waiting = entry.build !== null && Date.now() - entry.buildStartedAt >= MAX_WAIT_FOR_REBUILD_MS;
      return waiting || entry.failedAt > entry.builtAt;
    },
    onStale(listener) {
      staleListeners.add(listener);
      return () => staleListeners.delete(listener);
    },
    close() {
      unsubscribe();
      staleListeners.clear();
    },
  };
}
