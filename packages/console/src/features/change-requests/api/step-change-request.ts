import { changeRequestSchema } from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { changeRequestApiPath } from './change-request-path';
import { useChangeRequestMutation } from './use-change-request-mutation';

/** What moves a request along: the author submits or cancels it, others approve or reject it. */
export type ChangeRequestStep = { action: 'submit' | 'cancel' } | { action: 'approve' | 'reject'; comment: string };

export const stepChangeRequest = (projectId: string, changeRequestId: string, step: ChangeRequestStep) =>
  api.post(`${changeRequestApiPath(projectId, changeRequestId)}/${step.action}`, {
    body: step.action === 'approve' || step.action === 'reject' ? { comment: step.comment } : undefined,
    schema: changeRequestSchema,
  });

export const useStepChangeRequest = (projectId: string, changeRequestId: string) =>
  useChangeRequestMutation(projectId, (step: ChangeRequestStep) => stepChangeRequest(projectId, changeRequestId, step));
