export const flagsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/flags`;

export const flagPath = (projectId: string, flagKey: string) =>
  `${flagsPath(projectId)}/${encodeURIComponent(flagKey)}`;
