import {
  type ApiCallBatch,
  type ApiCallReport,
  DIAGNOSTICS_WINDOWS_DAYS,
  type DiagnosticsQuery,
  type ErrorBatch,
  type RumContext,
  type VitalBatch,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import {
  deleteReportsBefore,
  insertErrorReports,
  insertVitals,
  selectErrorGroups,
  selectVitalSummaries,
} from './store';
import type { DiagnosticsScope, ErrorGroupRecord, RumSender, VitalSummaryRecord } from './types';

export type { RumSender } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Kept as long as the longest diagnostics window looks back. */
const RETENTION_MS = Math.max(...DIAGNOSTICS_WINDOWS_DAYS) * DAY_MS;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The session, not the page's own tag, says who sent a report: a page cannot file reports for someone else. */
const tagsOf = ({ userId: _claimed, ...context }: RumContext, sender: RumSender) => ({ ...sender, ...context });

/** Calls group by what was called and how it failed: `POST /api/v1/projects/:id/flags 500`. */
export const apiCallMessage = (call: Pick<ApiCallReport, 'method' | 'url' | 'status'>): string =>
  `${call.method} ${call.url} ${call.status}`;

export interface RumIngest {
  storeErrors(sender: RumSender, batch: ErrorBatch): Promise<void>;
  storeApiCalls(sender: RumSender, batch: ApiCallBatch): Promise<void>;
  storeVitals(sender: RumSender, batch: VitalBatch): Promise<void>;
}

/** Stores report batches, one insert each, and drops reports past retention at most once an hour. */
export function createRumIngest(db: Database, now: () => number = Date.now): RumIngest {
  let prunedAt = Number.NEGATIVE_INFINITY;
  const pruneWhenDue = async () => {
    if (now() - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = now();
    await deleteReportsBefore(db, new Date(prunedAt - RETENTION_MS));
  };

  return {
    async storeErrors(sender, { context, reports }) {
      const tags = tagsOf(context, sender);
      await insertErrorReports(
        db,
        reports.map((report) => ({ ...tags, ...report, body: null })),
      );
      await pruneWhenDue();
    },
    async storeApiCalls(sender, { context, reports }) {
      const tags = tagsOf(context, sender);
      await insertErrorReports(
        db,
        reports.map((call) => ({
          ...tags,
          kind: 'api' as const,
          message: apiCallMessage(call),
          stack: null,
          body: call.body,
          page: call.page,
        })),
      );
      await pruneWhenDue();
    },
    async storeVitals(sender, { context, reports }) {
      const tags = tagsOf(context, sender);
      await insertVitals(
        db,
        reports.map((report) => ({ ...tags, ...report })),
      );
      await pruneWhenDue();
    },
  };
}

export function diagnosticsScope(
  reader: { organizationId: string; openSignup: boolean },
  query: DiagnosticsQuery,
  now: number = Date.now(),
): DiagnosticsScope {
  return {
    organizationId: reader.organizationId,
    // A closed instance has one organization, so pages nobody was signed in to are its own.
    includeSignedOut: !reader.openSignup,
    since: new Date(now - query.days * DAY_MS),
  };
}

export const listErrorGroups = (db: Database, scope: DiagnosticsScope): Promise<ErrorGroupRecord[]> =>
  selectErrorGroups(db, scope);

export const listVitalSummaries = (db: Database, scope: DiagnosticsScope): Promise<VitalSummaryRecord[]> =>
  selectVitalSummaries(db, scope);
