import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { TemplateList } from '../../../features/experiments/templates/components/template-list';
import { experimentsPath, newExperimentFromTemplatePath } from './experiment-paths';

/** …/experiment-templates: the project's templates, each a start for a new experiment. */
export function ExperimentTemplatesRoute() {
  const { t } = useTranslation('experiments');
  const { projectId = '' } = useParams();
  return (
    <>
      <PageHeader
        title={t('templates.title')}
        description={t('templates.description')}
        extra={<Link to={experimentsPath(projectId)}>{t('templates.backToExperiments')}</Link>}
      />
      <Card>
        <TemplateList
          projectId={projectId}
          newExperimentHref={(key) => newExperimentFromTemplatePath(projectId, key)}
        />
      </Card>
    </>
  );
}
