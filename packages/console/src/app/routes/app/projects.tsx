import type { Project } from '@tabula/protocol';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { CreateProjectButton } from '../../../features/projects/components/create-project-button';
import { ProjectsList } from '../../../features/projects/components/projects-list';
import { projectHomePath } from '../../paths';

export function ProjectsRoute() {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const projectHref = (project: Project) => projectHomePath(project.id);
  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        extra={<CreateProjectButton onCreated={(project) => navigate(projectHref(project))} />}
      />
      <ProjectsList projectHref={projectHref} />
    </>
  );
}
