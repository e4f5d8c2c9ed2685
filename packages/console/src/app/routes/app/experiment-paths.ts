/** Addresses of the experiment and layer pages, for the route files that link them together. */
const project = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

export const experimentsPath = (projectId: string) => `${project(projectId)}/experiments`;
export const newExperimentPath = (projectId: string) => `${experimentsPath(projectId)}/new`;
export const experimentPath = (projectId: string, key: string, tab?: string) =>
  `${experimentsPath(projectId)}/${encodeURIComponent(key)}${tab ? `/${tab}` : ''}`;
export const editExperimentPath = (projectId: string, key: string) => `${experimentPath(projectId, key)}/edit`;
export const experimentTemplatesPath = (projectId: string) => `${project(projectId)}/experiment-templates`;
/** The new-experiment wizard, filled from a template. */
export const newExperimentFromTemplatePath = (projectId: string, templateKey: string) =>
  `${newExperimentPath(projectId)}?template=${encodeURIComponent(templateKey)}`;
