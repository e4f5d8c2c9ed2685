import { changeRequestsApiPath } from '../../../lib/change-request-paths';

export const changeRequestApiPath = (projectId: string, changeRequestId: string) =>
  `${changeRequestsApiPath(projectId)}/${encodeURIComponent(changeRequestId)}`;
