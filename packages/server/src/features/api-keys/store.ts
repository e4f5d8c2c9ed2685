import type { ApiKeyKind } from '@tabula/protocol';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKey, environment, project, user } from '../../db/schema';
import type { ApiKey } from './types';

const selectKeys = (db: Database) =>
  db
    .select({
      id: apiKey.id,
      projectId: apiKey.projectId,
      environmentKey: environment.key,
      payloadKey: environment.payloadKey,
      kind: apiKey.kind,
      name: apiKey.name,
      prefix: apiKey.prefix,
      clientKey: apiKey.clientKey,
      role: apiKey.role,
      protectedEnvironments: apiKey.protectedEnvironments,
      createdAt: apiKey.createdAt,
      lastUsedAt: apiKey.lastUsedAt,
      revokedAt: apiKey.revokedAt,
      createdById: user.id,
      createdByEmail: user.email,
      createdByName: user.name,
    })
    .from(apiKey)
    .innerJoin(environment, eq(environment.id, apiKey.environmentId))
    .leftJoin(user, eq(user.id, apiKey.createdBy));

type KeyRow = Awaited<ReturnType<typeof selectKeys>>[number];
const toApiKey = ({ createdById, createdByEmail, createdByName, ...row }: KeyRow): ApiKey => ({
  ...row,
  createdBy: createdById ? { id: createdById, email: createdByEmail!, name: createdByName! } : null,
});

export async function selectProjectKeys(db: Database, projectId: string): Promise<ApiKey[]> {
  const rows = await selectKeys(db).where(eq(apiKey.projectId, projectId)).orderBy(asc(apiKey.createdAt));
  return rows.map(toApiKey);
}

export async function selectProjectKey(db: Database, projectId: string, id: string): Promise<ApiKey | null> {
  const [row] = await selectKeys(db).where(and(eq(apiKey.projectId, projectId), eq(apiKey.id, id)));
  return row ? toApiKey(row) : null;
}

export async function insertKey(
  tx: Database,
  row: {
    id: string;
    projectId: string;
    environmentId: string;
    kind: ApiKeyKind;
    name: string;
    prefix: string;
    clientKey: string | null;
    secretHash: string | null;
    createdBy: string | null;
  },
): Promise<void> {
  await tx.insert(apiKey).values(row);
}

export async function markKeyRevoked(tx: Database, id: string, revokedAt: Date): Promise<boolean> {
  const rows = await tx
    .update(apiKey)
    .set({ revokedAt })
    .where(and(eq(apiKey.id, id), isNull(apiKey.revokedAt)))
    .returning({ id: apiKey.id });
  return rows.length > 0;
}

export async function selectActiveSecretKey(db: Database, secretHash: string) {
  const [row] = await db
    .select({
      id: apiKey.id,
      name: apiKey.name,
      projectId: apiKey.projectId,
      environmentId: apiKey.environmentId,
      organizationId: project.organizationId,
      role: apiKey.role,
      protectedEnvironments: apiKey.protectedEnvironments,
    })
    .from(apiKey)
    .innerJoin(project, eq(project.id, apiKey.projectId))
    .where(and(eq(apiKey.secretHash, secretHash), eq(apiKey.kind, 'secret'), isNull(apiKey.revokedAt)));
  return row ?? null;
}

/** A no-op unless the last recorded use is older than `staleBefore`. */
export async function touchKey(db: Database, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(apiKey)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKey.id, id), or(isNull(apiKey.lastUsedAt), lt(apiKey.lastUsedAt, staleBefore))));
}

/** A client key as the SDK endpoints need it, revoked or not: a revoked key is answered differently from an unknown one. */
/** The grant of a client key (kept whole) or of a secret key (found by its hash), revoked ones included. */
export async function selectKeyGrant(db: Database, key: { clientKey: string } | { secretHash: string }) {
  const match =
    'clientKey' in key
      ? and(eq(apiKey.clientKey, key.clientKey), eq(apiKey.kind, 'client'))
      : and(eq(apiKey.secretHash, key.secretHash), eq(apiKey.kind, 'secret'));
  const [row] = await db
    .select({
      keyId: apiKey.id,
      projectId: apiKey.projectId,
      environmentId: apiKey.environmentId,
      environmentKey: environment.key,
      payloadKey: environment.payloadKey,
      revokedAt: apiKey.revokedAt,
    })
    .from(apiKey)
    .innerJoin(environment, eq(environment.id, apiKey.environmentId))
    .where(match);
  return row ?? null;
}
