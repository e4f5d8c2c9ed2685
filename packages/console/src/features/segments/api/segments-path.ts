export const segmentsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/segments`;

export const segmentPath = (projectId: string, segmentKey: string) =>
  `${segmentsPath(projectId)}/${encodeURIComponent(segmentKey)}`;
