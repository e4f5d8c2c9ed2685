import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { NotFound } from '../components/errors/not-found';
import { useProject } from '../features/projects/api/get-project';
import { isNotFound } from '../lib/api-client';

/**
 * Around every page of a project: an address that names no project of the organization (mistyped, cut short, or of a
 * project since deleted) says so once, instead of each page's requests failing on their own and its cards waiting
 * for data that never comes. The page renders at once meanwhile; it asks for the same project.
 */
export function ProjectGuard() {
  const { t } = useTranslation('projects');
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  if (isNotFound(project.error)) {
    return <NotFound title={t('notFound.title')} description={t('notFound.description')} />;
  }
  return <Outlet />;
}
