/**
 * Addresses of the change-request pages. They live here rather than in `app/paths` because features link to them
 * (a diverted change's notice, a flag's banner) and features never import the app.
 */
export const changeRequestsPagePath = (projectId: string) =>
  `/projects/${encodeURIComponent(projectId)}/change-requests`;

export const changeRequestPagePath = (projectId: string, changeRequestId: string) =>
  `${changeRequestsPagePath(projectId)}/${encodeURIComponent(changeRequestId)}`;

/** The API's collection of a project's change requests. */
export const changeRequestsApiPath = (projectId: string) =>
  `/projects/${encodeURIComponent(projectId)}/change-requests`;
