import type { ChangeRequestListQuery } from '@tabula/protocol';
import { and, asc, count, desc, eq, inArray, isNull, lte, max, ne, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { changeRequest, changeRequestApproval, changeRequestComment } from '../../db/schema';
import type { Actor } from '../audit/types';
import type { ChangeRequestRecord, ChangeRequestRow } from './types';

type Row = typeof changeRequest.$inferSelect;

async function withReviews(db: Database, rows: Row[]): Promise<ChangeRequestRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [approvals, comments] = await Promise.all([
    db
      .select()
      .from(changeRequestApproval)
      .where(inArray(changeRequestApproval.changeRequestId, ids))
      .orderBy(asc(changeRequestApproval.at)),
    db
      .select()
      .from(changeRequestComment)
      .where(inArray(changeRequestComment.changeRequestId, ids))
      .orderBy(asc(changeRequestComment.at), asc(changeRequestComment.id)),
  ]);
  return rows.map(({ authorKind, authorId, authorName, ...row }) => ({
    ...row,
    author: { kind: authorKind, id: authorId, name: authorName } as Actor,
    approvals: approvals.filter((approval) => approval.changeRequestId === row.id),
    comments: comments.filter((comment) => comment.changeRequestId === row.id),
  }));
}

export async function selectChangeRequest(
  db: Database,
  projectId: string,
  id: string,
  lock = false,
): Promise<ChangeRequestRecord | null> {
  const query = db
    .select()
    .from(changeRequest)
    .where(and(eq(changeRequest.projectId, projectId), eq(changeRequest.id, id)));
  const rows = lock ? await query.for('update') : await query;
  return (await withReviews(db, rows))[0] ?? null;
}

const byAuthor = (author: Actor) =>
  and(
    eq(changeRequest.authorKind, author.kind),
    author.id === null ? isNull(changeRequest.authorId) : eq(changeRequest.authorId, author.id),
  );

/** The author's draft that changes made outside a request are added to: not scheduled, not part of a plan. */
export async function selectOpenDraft(tx: Database, projectId: string, author: Actor) {
  const [row] = await tx
    .select({ id: changeRequest.id })
    .from(changeRequest)
    .where(
      and(
        eq(changeRequest.projectId, projectId),
        eq(changeRequest.status, 'draft'),
        isNull(changeRequest.scheduledAt),
        isNull(changeRequest.planId),
        byAuthor(author),
      ),
    )
    .orderBy(desc(changeRequest.createdAt))
    .limit(1)
    .for('update');
  return row?.id ?? null;
}

const STATUS_FILTER = {
  open: ['draft', 'in_review', 'approved'],
  all: null,
} as const;

export async function selectChangeRequests(
  db: Database,
  projectId: string,
  query: ChangeRequestListQuery,
): Promise<{ records: ChangeRequestRecord[]; total: number }> {
  const statuses =
    query.status in STATUS_FILTER ? STATUS_FILTER[query.status as keyof typeof STATUS_FILTER] : [query.status];
  const targets = (['flag', 'experiment', 'segment'] as const).flatMap((kind) =>
    query[kind] === undefined ? [] : [{ kind, key: query[kind] }],
  );
  const where = and(
    eq(changeRequest.projectId, projectId),
    statuses ? inArray(changeRequest.status, statuses as never) : undefined,
    ...targets.map((target) => sql`${changeRequest.changes} @> ${JSON.stringify([{ target }])}::jsonb`),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(changeRequest)
      .where(where)
      .orderBy(desc(changeRequest.number))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(changeRequest).where(where),
  ]);
  return { records: await withReviews(db, rows), total: total?.total ?? 0 };
}

/** Requests in review that this user did not write and has not approved yet. */
export async function countAwaitingReview(db: Database, projectId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(changeRequest)
    .where(
      and(
        eq(changeRequest.projectId, projectId),
        eq(changeRequest.status, 'in_review'),
        or(ne(changeRequest.authorKind, 'user'), isNull(changeRequest.authorId), ne(changeRequest.authorId, userId)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(changeRequestApproval)
            .where(
              and(
                eq(changeRequestApproval.changeRequestId, changeRequest.id),
                eq(changeRequestApproval.userId, userId),
              ),
            ),
        ),
      ),
    );
  return row?.total ?? 0;
}

/** Called with the project row locked, so two requests never take one number. */
export async function nextNumber(tx: Database, projectId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(changeRequest.number) })
    .from(changeRequest)
    .where(eq(changeRequest.projectId, projectId));
  return (row?.last ?? 0) + 1;
}

export async function insertChangeRequest(tx: Database, row: ChangeRequestRow): Promise<void> {
  const { author, ...rest } = row;
  await tx
    .insert(changeRequest)
    .values({ ...rest, authorKind: author.kind, authorId: author.id, authorName: author.name });
}

export async function updateChangeRequestRow(
  tx: Database,
  id: string,
  changes: Partial<Omit<ChangeRequestRow, 'id' | 'projectId' | 'number' | 'author'>>,
): Promise<void> {
  await tx
    .update(changeRequest)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(changeRequest.id, id));
}

export async function insertApproval(tx: Database, changeRequestId: string, user: { id: string; name: string }) {
  await tx
    .insert(changeRequestApproval)
    .values({ changeRequestId, userId: user.id, userName: user.name })
    .onConflictDoNothing();
}

export async function deleteApprovals(tx: Database, changeRequestId: string): Promise<void> {
  await tx.delete(changeRequestApproval).where(eq(changeRequestApproval.changeRequestId, changeRequestId));
}

export async function insertComment(tx: Database, row: typeof changeRequestComment.$inferInsert): Promise<void> {
  await tx.insert(changeRequestComment).values(row);
}

/**
 * One approved request whose time has come, locked; a request another process holds is skipped, and once applied
 * it is no longer approved, so each runs once.
 */
export async function claimDueChangeRequest(tx: Database, now: Date) {
  const [row] = await tx
    .select({ id: changeRequest.id, projectId: changeRequest.projectId })
    .from(changeRequest)
    .where(
      and(
        eq(changeRequest.status, 'approved'),
        or(isNull(changeRequest.scheduledAt), lte(changeRequest.scheduledAt, now)),
      ),
    )
    .orderBy(asc(changeRequest.scheduledAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}
