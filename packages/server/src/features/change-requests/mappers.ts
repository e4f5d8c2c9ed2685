import type { ChangeRequest } from '@tabula/protocol';
import type { Principal } from '../../http/principal';
import { iso, isoOrNull } from '../../http/schemas';
import { permissionsOf } from './service';
import type { ChangeRequestRecord } from './types';

export const toChangeRequestBody = (record: ChangeRequestRecord, principal: Principal): ChangeRequest => ({
  id: record.id,
  number: record.number,
  title: record.title,
  description: record.description,
  status: record.status,
  author: record.author,
  changes: record.changes,
  environments: record.environments,
  requiredApprovals: record.requiredApprovals,
  approvals: record.approvals.map((approval) => ({
    user: { id: approval.userId, name: approval.userName },
    at: iso(approval.at),
  })),
  comments: record.comments.map((comment) => ({
    id: comment.id,
    author: { id: comment.authorId ?? '', name: comment.authorName },
    body: comment.body,
    verdict: comment.verdict,
    at: iso(comment.at),
  })),
  scheduledAt: isoOrNull(record.scheduledAt),
  plan: record.planId === null ? null : { id: record.planId, step: record.planStep ?? 1, steps: record.planSteps ?? 1 },
  createdAt: iso(record.createdAt),
  updatedAt: iso(record.updatedAt),
  submittedAt: isoOrNull(record.submittedAt),
  appliedAt: isoOrNull(record.appliedAt),
  lateBySeconds: record.lateBySeconds,
  failure: record.failure,
  can: permissionsOf(record, principal),
});
