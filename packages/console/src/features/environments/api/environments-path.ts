export const environmentsPath = (projectId: string, key?: string): string =>
  `/projects/${encodeURIComponent(projectId)}/environments${key === undefined ? '' : `/${encodeURIComponent(key)}`}`;
