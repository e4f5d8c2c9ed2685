import { and, asc, desc, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { rumReport, rumVital } from '../../db/schema';
import type { DiagnosticsScope, ErrorGroupRecord, ErrorReportRow, VitalRow, VitalSummaryRecord } from './types';

/** More groups than a person reads; the busiest pages are rarely past the first hundred. */
const MAX_ERROR_GROUPS = 100;
const MAX_VITAL_SUMMARIES = 500;

export async function insertErrorReports(db: Database, rows: ErrorReportRow[]): Promise<void> {
  await db.insert(rumReport).values(rows);
}

export async function insertVitals(db: Database, rows: VitalRow[]): Promise<void> {
  await db.insert(rumVital).values(rows);
}

export async function deleteReportsBefore(db: Database, before: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(rumReport).where(lt(rumReport.receivedAt, before));
    await tx.delete(rumVital).where(lt(rumVital.receivedAt, before));
  });
}

function scoped(table: typeof rumReport | typeof rumVital, scope: DiagnosticsScope): SQL | undefined {
  const owner = scope.includeSignedOut
    ? or(eq(table.organizationId, scope.organizationId), isNull(table.organizationId))
    : eq(table.organizationId, scope.organizationId);
  return and(owner, gte(table.receivedAt, scope.since));
}

/** The latest report's value in a group: the first of the group's values ordered newest first. */
const latest = <T>(column: AnyPgColumn) => sql<T>`(array_agg(${column} order by ${rumReport.id} desc))[1]`;

export async function selectErrorGroups(db: Database, scope: DiagnosticsScope): Promise<ErrorGroupRecord[]> {
  const lastSeenAt = sql`max(${rumReport.receivedAt})`;
  const rows = await db
    .select({
      kind: rumReport.kind,
      message: rumReport.message,
      count: sql<number>`count(*)::int`,
      users: sql<number>`count(distinct ${rumReport.userId})::int`,
      firstSeenAt: sql`min(${rumReport.receivedAt})`.mapWith(rumReport.receivedAt),
      lastSeenAt: lastSeenAt.mapWith(rumReport.receivedAt),
      page: latest<string>(rumReport.page),
      releaseId: latest<string>(rumReport.releaseId),
      stack: latest<string | null>(rumReport.stack),
      body: latest<string | null>(rumReport.body),
    })
    .from(rumReport)
    .where(scoped(rumReport, scope))
    .groupBy(rumReport.kind, rumReport.message)
    .orderBy(desc(lastSeenAt), asc(rumReport.message))
    .limit(MAX_ERROR_GROUPS);
  return rows.map(({ page, releaseId, stack, body, ...group }) => ({
    ...group,
    kind: group.kind as ErrorGroupRecord['kind'],
    latest: { page, releaseId, stack, body },
  }));
}

export async function selectVitalSummaries(db: Database, scope: DiagnosticsScope): Promise<VitalSummaryRecord[]> {
  const percentile = (fraction: number) =>
    sql`percentile_cont(${sql.raw(String(fraction))}) within group (order by ${rumVital.value})`.mapWith(Number);
  const rows = await db
    .select({
      page: rumVital.page,
      name: rumVital.name,
      count: sql<number>`count(*)::int`,
      p75: percentile(0.75),
      p90: percentile(0.9),
    })
    .from(rumVital)
    .where(scoped(rumVital, scope))
    .groupBy(rumVital.page, rumVital.name)
    .orderBy(asc(rumVital.page), asc(rumVital.name))
    .limit(MAX_VITAL_SUMMARIES);
  return rows.map((row) => ({ ...row, name: row.name as VitalSummaryRecord['name'] }));
}
