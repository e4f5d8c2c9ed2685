import type { ErrorGroupKind, RumContext, VitalName, VitalRating } from '@tabula/protocol';

/** Who sent a report, as the server knows it from the session: nobody when the page was signed out. */
export interface RumSender {
  organizationId: string | null;
  userId: string | null;
}

type Tags = Omit<RumContext, 'userId'>;

export interface ErrorReportRow extends RumSender, Tags {
  kind: ErrorGroupKind;
  message: string;
  stack: string | null;
  body: string | null;
  page: string;
}

export interface VitalRow extends RumSender, Tags {
  page: string;
  name: VitalName;
  value: number;
  rating: VitalRating;
}

/** Whose reports an admin reads, and since when. */
export interface DiagnosticsScope {
  organizationId: string;
  /** Reports from signed-out pages belong to the instance, not to one organization. */
  includeSignedOut: boolean;
  since: Date;
}

export interface ErrorGroupRecord {
  kind: ErrorGroupKind;
  message: string;
  count: number;
  users: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  latest: { page: string; releaseId: string; stack: string | null; body: string | null };
}

export interface VitalSummaryRecord {
  page: string;
  name: VitalName;
  count: number;
  p75: number;
  p90: number;
}
