import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PowerCalculator } from '../../../features/experiments/power/components/power-calculator';
import { MetricLibrary } from '../../../features/metrics/components/metric-library';
import { experimentPath } from './experiment-paths';

export function MetricsRoute() {
  const { t } = useTranslation('metrics');
  const { projectId = '' } = useParams();
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <MetricLibrary
        projectId={projectId}
        experimentHref={(key) => experimentPath(projectId, key)}
        // A metric on its own: the site's visitors, a control and one version.
        planner={(metric) => (
          <PowerCalculator bare projectId={projectId} metricKeys={[metric.key]} versions={2} audience={null} />
        )}
      />
    </>
  );
}
