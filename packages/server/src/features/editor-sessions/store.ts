import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { editorToken, experiment, membership, project, user } from '../../db/schema';
import type { EditorGrant } from './types';

export async function insertEditorToken(
  tx: Database,
  row: { id: string; tokenHash: string; projectId: string; experimentId: string; createdBy: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(editorToken).values(row);
}

/** The grant of a token that is neither expired nor revoked at `now`; null for any other. */
export async function selectActiveGrant(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<Omit<EditorGrant, 'role'> | null> {
  const [row] = await db
    .select({
      tokenId: editorToken.id,
      organizationId: project.organizationId,
      projectId: editorToken.projectId,
      experimentKey: experiment.key,
      userId: user.id,
      userName: user.name,
      expiresAt: editorToken.expiresAt,
    })
    .from(editorToken)
    .innerJoin(project, eq(project.id, editorToken.projectId))
    .innerJoin(experiment, eq(experiment.id, editorToken.experimentId))
    .innerJoin(user, eq(user.id, editorToken.createdBy))
    .innerJoin(membership, eq(membership.userId, editorToken.createdBy))
    .where(
      and(
        eq(editorToken.tokenHash, tokenHash),
        isNull(editorToken.revokedAt),
        gt(editorToken.expiresAt, now),
        // A change of its maker's role ends the token for good: it never outlives the role it was made with.
        sql`${editorToken.createdAt} > coalesce(${membership.roleChangedAt}, '-infinity')`,
      ),
    );
  return row ?? null;
}

export async function markEditorTokenRevoked(tx: Database, id: string, revokedAt: Date): Promise<void> {
  await tx
    .update(editorToken)
    .set({ revokedAt })
    .where(and(eq(editorToken.id, id), isNull(editorToken.revokedAt)));
}
