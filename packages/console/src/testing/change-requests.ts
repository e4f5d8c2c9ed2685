import type { ChangeRequest } from '@tabula/protocol';
import { ids } from './fixtures';

const NOW = '2025-01-15T10:00:00.000Z';

export const changeRequestsApiPath = `/api/v1/projects/${ids.project}/change-requests`;

/** Change request #7 by the editor: turn new-checkout on in production, in review, one approval required. */
export function changeRequest(change: Partial<ChangeRequest> = {}): ChangeRequest {
  return {
    id: 'crqSeven23456789',
    number: 7,
    title: '',
    description: '',
    status: 'in_review',
    author: { kind: 'user', id: ids.editor, name: 'Ada editor' },
    changes: [
      {
        operation: {
          kind: 'flag.environment',
          flag: 'new-checkout',
          environment: 'production',
          change: { enabled: true },
        },
        target: { kind: 'flag', key: 'new-checkout' },
        before: { enabled: false, rules: [] },
        after: { enabled: true, rules: [] },
      },
    ],
    environments: [{ key: 'production', name: 'Production' }],
    requiredApprovals: 1,
    approvals: [],
    comments: [],
    scheduledAt: null,
    plan: null,
    createdAt: NOW,
    updatedAt: NOW,
    submittedAt: NOW,
    appliedAt: null,
    lateBySeconds: null,
    failure: null,
    can: { edit: false, submit: false, approve: false, reject: false, cancel: false },
    ...change,
  };
}
