import { changeRequestSchema, type UpdateChangeRequestBody } from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { changeRequestApiPath } from './change-request-path';
import { useChangeRequestMutation } from './use-change-request-mutation';

export const updateChangeRequest = (projectId: string, changeRequestId: string, body: UpdateChangeRequestBody) =>
  api.patch(changeRequestApiPath(projectId, changeRequestId), { body, schema: changeRequestSchema });

/** The author's edit of the title, description or schedule; after a review it goes back for review. */
export const useUpdateChangeRequest = (projectId: string, changeRequestId: string) =>
  useChangeRequestMutation(projectId, (body: UpdateChangeRequestBody) =>
    updateChangeRequest(projectId, changeRequestId, body),
  );
