import { changeRequestSchema } from '@tabula/protocol';
import { api } from '../../../lib/api-client';
import { changeRequestApiPath } from './change-request-path';
import { useChangeRequestMutation } from './use-change-request-mutation';

export const commentOnChangeRequest = (projectId: string, changeRequestId: string, body: string) =>
  api.post(`${changeRequestApiPath(projectId, changeRequestId)}/comments`, {
    body: { body },
    schema: changeRequestSchema,
  });

export const useCommentOnChangeRequest = (projectId: string, changeRequestId: string) =>
  useChangeRequestMutation(projectId, (body: string) => commentOnChangeRequest(projectId, changeRequestId, body));
