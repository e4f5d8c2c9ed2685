export const metricsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/metrics`;

export const metricPath = (projectId: string, metricKey: string) =>
  `${metricsPath(projectId)}/${encodeURIComponent(metricKey)}`;
