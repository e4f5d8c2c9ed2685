import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useExperiment } from '../../../features/experiments/api/get-experiment';
import { ExperimentDetail, isExperimentTab } from '../../../features/experiments/components/detail/experiment-detail';
import { useProject } from '../../../features/projects/api/get-project';
import { isNotFound } from '../../../lib/api-client';
import { editExperimentPath, experimentPath, experimentsPath } from './experiment-paths';

export function ExperimentRoute() {
  const { t } = useTranslation('experiments');
  const navigate = useNavigate();
  const { projectId = '', experimentKey = '', tab = 'overview' } = useParams();
  const experiment = useExperiment(projectId, experimentKey);
  const project = useProject(projectId);

  if (!isExperimentTab(tab)) return <NotFound />;
  if (experiment.isPending) return <Skeleton active />;
  if (experiment.isError) {
    if (isNotFound(experiment.error)) {
      return <NotFound title={t('detail.notFound')} description={t('detail.notFoundDescription')} />;
    }
    return (
      <>
        <ServerErrorAlert error={experiment.error} />
        <Button onClick={() => experiment.refetch()}>{t('common:actions.retry')}</Button>
      </>
    );
  }
  return (
    <ExperimentDetail
      projectId={projectId}
      experiment={experiment.data}
      tab={tab}
      onTabChange={(next) => navigate(experimentPath(projectId, experimentKey, next), { replace: true })}
      editHref={editExperimentPath(projectId, experimentKey)}
      onDeleted={() => navigate(experimentsPath(projectId), { replace: true })}
      breakdownAttributes={project.data?.breakdownAttributes}
    />
  );
}
