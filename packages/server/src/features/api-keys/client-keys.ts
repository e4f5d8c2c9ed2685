import { API_KEY_PREFIX } from '@tabula/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeBus } from '../../db/change-bus';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { settleWithin } from '../../lib/settle-within';
import { sha256Hex } from '../../lib/tokens';
import { selectKeyGrant, touchKey } from './store';
import type { ClientKeyGrant } from './types';

/** Recording every payload fetch would turn the SDK's hottest read into a write. */
const LAST_USED_PRECISION_MS = 60 * 1000;
/** Unknown keys are remembered briefly so a page hammering a wrong key does not reach the database each time. */
const UNKNOWN_KEY_TTL_MS = 30 * 1000;
const MAX_UNKNOWN_KEYS = 10_000;
const MAX_KEY_LENGTH = 100;
/** A lookup takes milliseconds; past this the database is not answering, and a key known before answers. */
const MAX_WAIT_FOR_LOOKUP_MS = 1000;
const FAILURE_MEMORY_MS = 5000;

type Lookup = { kind: 'active'; grant: ClientKeyGrant } | { kind: 'revoked'; projectId: string };

export interface ClientKeys {
  /** The environment a client key opens; unknown keys fail with 404, revoked ones with 401. */
  resolve(clientKey: string): Promise<ClientKeyGrant>;
  /**
   * Like `resolve`, for a key sent in a header, where a secret key of the environment is welcome too (a server-side
   * OFREP provider). Secret keys never travel in addresses, which end up in logs.
   */
  resolveCredential(key: string): Promise<ClientKeyGrant>;
  /**
   * False when the key is revoked or unknown; true when it opens its environment, or when that cannot be told now
   * (the database is away): a stream is not cut for an outage.
   */
  opens(clientKey: string): Promise<boolean>;
  /** Records that the key was used (the console's "last seen"), at most once a minute per key. */
  recordUse(grant: ClientKeyGrant): void;
  close(): void;
}

const unknownKey = () => new AppError('not_found', 'Unknown client key: copy it again from the project settings');
const revokedKey = () => new AppError('unauthorized', 'This client key has been revoked: use another one');

/**
 * Every SDK request names its client key, so lookups are cached in memory. A revoked or deleted key is forgotten
 * as soon as its project's change notification arrives (revoking notifies, in this process and every other).
 */
export function createClientKeys(db: Database, changes: ChangeBus, log: FastifyBaseLogger): ClientKeys {
  const known = new Map<string, Lookup>();
  /**
   * Lookups a change made doubtful: looked up again on next use, but still what answers while the database cannot,
   * so SDKs keep being served from memory through an outage.
   */
  const doubtful = new Map<string, Lookup>();
  const unknown = new Map<string, number>();
  const pending = new Map<string, Promise<Lookup | null>>();
  const lastRecorded = new Map<string, number>();
  // A lookup that started before a change may have read the old row: it answers its caller but is not cached.
  let generation = 0;
  let failedAt = 0;

  const unsubscribe = changes.subscribe(({ projectId }) => {
    generation += 1;
    if (projectId === null) unknown.clear();
    for (const [clientKey, lookup] of known) {
      const owner = lookup.kind === 'active' ? lookup.grant.projectId : lookup.projectId;
      if (projectId !== null && owner !== projectId) continue;
      known.delete(clientKey);
      doubtful.set(clientKey, lookup);
    }
  });

  type Match = Parameters<typeof selectKeyGrant>[1];
  /** Lookups are remembered by the client key itself, or by a secret key's hash: memory holds no secret. */
  const load = async (clientKey: string, match: Match): Promise<Lookup | null> => {
    const startedAt = generation;
    let row: Awaited<ReturnType<typeof selectKeyGrant>>;
    try {
      row = await selectKeyGrant(db, match);
    } catch (error) {
      failedAt = Date.now();
      log.error({ err: error }, 'client key lookup failed');
      const held = doubtful.get(clientKey);
      if (held) return held;
      throw new AppError('unavailable', 'The server cannot reach its database; try again shortly');
    }
    if (!row) {
      doubtful.delete(clientKey);
      if (startedAt !== generation) return null;
      if (unknown.size >= MAX_UNKNOWN_KEYS) unknown.clear();
      unknown.set(clientKey, Date.now() + UNKNOWN_KEY_TTL_MS);
      return null;
    }
    const { revokedAt, ...grant } = row;
    const lookup: Lookup = revokedAt ? { kind: 'revoked', projectId: grant.projectId } : { kind: 'active', grant };
    // Read before a change landed, the row is doubtful in turn: looked up again, and what answers if that fails. A key
    // in neither map would have nothing to answer with through an outage that starts now.
    if (startedAt === generation) {
      known.set(clientKey, lookup);
      doubtful.delete(clientKey);
    } else {
      doubtful.set(clientKey, lookup);
    }
    return lookup;
  };

  const settle = (lookup: Lookup | null | undefined): ClientKeyGrant => {
    if (!lookup) throw unknownKey();
    if (lookup.kind === 'revoked') throw revokedKey();
    return lookup.grant;
  };

  const lookUp = async (clientKey: string, match: Match): Promise<ClientKeyGrant> => {
    const until = unknown.get(clientKey);
    if (until !== undefined && until > Date.now()) throw unknownKey();
    let lookup = pending.get(clientKey);
    if (!lookup) {
      lookup = load(clientKey, match).finally(() => pending.delete(clientKey));
      pending.set(clientKey, lookup);
    }
    const held = doubtful.get(clientKey);
    if (!held) return settle(await lookup);
    // While lookups fail, a key known before answers at once.
    const wait = Date.now() - failedAt < FAILURE_MEMORY_MS ? 0 : MAX_WAIT_FOR_LOOKUP_MS;
    return settle(await settleWithin(lookup, wait, held));
  };

  const resolve = async (clientKey: string): Promise<ClientKeyGrant> => {
    const cached = known.get(clientKey);
    if (cached) return settle(cached);
    if (!clientKey.startsWith(API_KEY_PREFIX.client) || clientKey.length > MAX_KEY_LENGTH) throw unknownKey();
    return lookUp(clientKey, { clientKey });
  };

  const resolveSecret = async (secretKey: string): Promise<ClientKeyGrant> => {
    if (secretKey.length > MAX_KEY_LENGTH) throw unknownKey();
    const secretHash = sha256Hex(secretKey);
    const remembered = `secret:${secretHash}`;
    const cached = known.get(remembered);
    if (cached) return settle(cached);
    return lookUp(remembered, { secretHash });
  };

  return {
    resolve,
    resolveCredential: (key) => (key.startsWith(API_KEY_PREFIX.secret) ? resolveSecret(key) : resolve(key)),
    opens(clientKey) {
      return resolve(clientKey).then(
        () => true,
        (error: unknown) =>
          !(error instanceof AppError && (error.code === 'unauthorized' || error.code === 'not_found')),
      );
    },
    recordUse(grant) {
      const now = Date.now();
      const last = lastRecorded.get(grant.keyId);
      if (last !== undefined && now - last < LAST_USED_PRECISION_MS) return;
      lastRecorded.set(grant.keyId, now);
      touchKey(db, grant.keyId, new Date(now), new Date(now - LAST_USED_PRECISION_MS)).catch((error: unknown) => {
        lastRecorded.delete(grant.keyId);
        log.warn({ err: error }, 'could not record a client key use');
      });
    },
    close: unsubscribe,
  };
}
