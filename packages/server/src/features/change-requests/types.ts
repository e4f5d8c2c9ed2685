import type { ChangeRequestChange, ChangeRequestStatus } from '@tabula/protocol';
import type { Actor } from '../audit/types';

/** A change request as it is written. */
export interface ChangeRequestRow {
  id: string;
  projectId: string;
  number: number;
  title: string;
  description: string;
  status: ChangeRequestStatus;
  author: Actor;
  changes: ChangeRequestChange[];
  environments: { key: string; name: string }[];
  requiredApprovals: number;
  scheduledAt: Date | null;
  planId: string | null;
  planStep: number | null;
  planSteps: number | null;
  submittedAt: Date | null;
  appliedAt: Date | null;
  lateBySeconds: number | null;
  failure: string | null;
}

export interface ChangeRequestRecord extends ChangeRequestRow {
  createdAt: Date;
  updatedAt: Date;
  approvals: { userId: string; userName: string; at: Date }[];
  comments: {
    id: string;
    authorId: string | null;
    authorName: string;
    body: string;
    verdict: 'approved' | 'rejected' | null;
    at: Date;
  }[];
}
