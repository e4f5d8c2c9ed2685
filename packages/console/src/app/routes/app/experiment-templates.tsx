import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { TemplateList } from '../../../features/experiments/templates/components/template-list';
import { useLayers } from '../../../features/layers/api/get-layers';
import { useSegments } from '../../../features/segments/api/get-segments';
import { experimentsPath, newExperimentFromTemplatePath } from './experiment-paths';

/** …/experiment-templates: the project's templates, each a start for a new experiment, their setups editable. */
export function ExperimentTemplatesRoute() {
  const { t } = useTranslation('experiments');
  const { projectId = '' } = useParams();
  const layers = useLayers(projectId);
  const segments = useSegments(projectId);
  return (
    <>
      <PageHeader
        title={t('templates.title')}
        description={t('templates.description')}
        extra={<Link to={experimentsPath(projectId)}>{t('templates.backToExperiments')}</Link>}
      />
      <ServerErrorAlert error={layers.error ?? segments.error} />
      <Card>
        <TemplateList
          projectId={projectId}
          newExperimentHref={(key) => newExperimentFromTemplatePath(projectId, key)}
          layers={layers.data ?? []}
          segments={segments.data ?? []}
        />
      </Card>
    </>
  );
}
