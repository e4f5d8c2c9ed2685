import { useEffect } from 'react';
import { useMatch } from 'react-router';
import { useProjects } from '../features/projects/api/get-projects';
import { useSettingsStore } from '../lib/settings-store';

export const PROJECT_ROUTE = '/projects/:projectId/*';

/**
 * The project the console is working in: the one in the address when there is one (remembered for next time),
 * else the remembered one if it still exists, else the first.
 */
export function useCurrentProjectId(): string | null {
  const projectId = useMatch(PROJECT_ROUTE)?.params.projectId ?? null;
  const stored = useSettingsStore((state) => state.currentProjectId);
  const remember = useSettingsStore((state) => state.setCurrentProjectId);
  const projects = useProjects();

  const list = projects.data ?? [];
  // A mistyped or deleted project in the address is not worth remembering.
  const known = projectId !== null && list.some((project) => project.id === projectId);
  useEffect(() => {
    if (projectId && known) remember(projectId);
  }, [projectId, known, remember]);

  if (projectId) return projectId;
  if (stored && list.some((project) => project.id === stored)) return stored;
  return list[0]?.id ?? null;
}
