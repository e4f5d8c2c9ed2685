import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useExperiment } from '../../../features/experiments/api/get-experiment';
import { ExperimentWizard } from '../../../features/experiments/components/wizard/experiment-wizard';
import { useCanEditExperiments } from '../../../features/experiments/hooks/use-can-edit-experiments';
import { useTemplate } from '../../../features/experiments/templates/api/get-templates';
import { useLayers } from '../../../features/layers/api/get-layers';
import { useSegments } from '../../../features/segments/api/get-segments';
import { isNotFound } from '../../../lib/api-client';
import { editExperimentPath, experimentPath, experimentsPath } from './experiment-paths';

/**
 * Creates an experiment at …/experiments/new (`?template=` fills it from a template), edits one at
 * …/experiments/:experimentKey/edit (`?step=` opens a step).
 */
export function ExperimentWizardRoute() {
  const { t } = useTranslation('experiments');
  const navigate = useNavigate();
  const { projectId = '', experimentKey } = useParams();
  const [search] = useSearchParams();
  const canEdit = useCanEditExperiments();
  const experiment = useExperiment(projectId, experimentKey ?? '', { enabled: experimentKey !== undefined });
  const templateKey = experimentKey ? null : search.get('template');
  const template = useTemplate(projectId, templateKey);
  const layers = useLayers(projectId);
  const segments = useSegments(projectId);
  const back = experimentKey ? experimentPath(projectId, experimentKey) : experimentsPath(projectId);

  const title = experimentKey ? t('wizard.editTitle') : t('wizard.createTitle');
  const header = <PageHeader title={title} extra={<Link to={back}>{t('common:actions.cancel')}</Link>} />;
  if (!canEdit) {
    return (
      <>
        {header}
        <Alert type="info" showIcon title={t('wizard.readOnly')} />
      </>
    );
  }
  if ((experimentKey && experiment.isPending) || (templateKey && template.isPending)) return <Skeleton active />;
  if (experimentKey && experiment.isError) {
    if (isNotFound(experiment.error)) {
      return <NotFound title={t('detail.notFound')} description={t('detail.notFoundDescription')} />;
    }
    return <ServerErrorAlert error={experiment.error} />;
  }
  return (
    <>
      {header}
      <ServerErrorAlert error={layers.error ?? segments.error ?? template.error} />
      <ExperimentWizard
        // A fresh wizard for every experiment opened, so no draft leaks from one into another.
        key={experiment.data?.id ?? `new:${template.data?.key ?? ''}`}
        projectId={projectId}
        saved={experiment.data}
        layers={layers.data ?? []}
        segments={segments.data ?? []}
        onSaved={(saved) => navigate(experimentPath(projectId, saved.key))}
        // The draft saved to open the visual editor is edited from now on, at the same step, also after a reload.
        onDraftSaved={(saved) => navigate(`${editExperimentPath(projectId, saved.key)}?step=editor`, { replace: true })}
        initialStep={search.get('step')}
        initialTemplate={template.data}
      />
    </>
  );
}
