/** The snippet loads the SDK from the server's `/sdk/` folder, where the editor's own bundle also is. */
const isSdkScript = (src: string) => src.includes('/sdk/') && !src.includes('/sdk/editor');

export interface ProjectIdentity {
  projectId: string;
  clientKeys: readonly string[];
}

/** A snippet names its project by a data attribute (the script-tag form) or in the script after it (the code form). */
function namesProject(text: string, project: ProjectIdentity): boolean {
  return text.includes(project.projectId) || project.clientKeys.some((key) => text.includes(key));
}

/**
 * Spec §2: whether the page carries the integration code of this project: a script loading the SDK from `/sdk/`, with
 * the project's id or one of its client keys on the tag or in an inline script of the page.
 */
export function hasIntegrationCode(page: Document, project: ProjectIdentity): boolean {
  const scripts = Array.from(page.querySelectorAll('script'));
  const loaders = scripts.filter((script) => isSdkScript(script.getAttribute('src') ?? ''));
  if (loaders.length === 0) return false;
  const onTag = loaders.some((script) =>
    Object.values(script.dataset).some((value) => value !== undefined && namesProject(value, project)),
  );
  return onTag || scripts.some((script) => !script.src && namesProject(script.textContent ?? '', project));
}
