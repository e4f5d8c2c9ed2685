import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useProject } from '../../../features/projects/api/get-project';
import { SegmentsTable } from '../../../features/segments/components/segments-table';
import { flagPath } from '../../paths';

export function SegmentsRoute() {
  const { t } = useTranslation('flags');
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  return (
    <>
      <PageHeader title={t('segments.title')} description={t('segments.description')} />
      <SegmentsTable
        projectId={projectId}
        environments={project.data?.environments ?? []}
        flagHref={(flagKey, environment) =>
          `${flagPath(projectId, flagKey)}${environment ? `?${new URLSearchParams({ environment })}` : ''}`
        }
      />
    </>
  );
}
