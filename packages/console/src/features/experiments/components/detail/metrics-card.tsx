import type { Experiment } from '@tabula/protocol';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state';
import { useMetricLibrary } from '../../api/get-metric-library';

const GROUPS = ['primary', 'secondary', 'guardrails'] as const;

export function MetricsCard({ projectId, experiment }: { projectId: string; experiment: Experiment }) {
  const { t } = useTranslation('experiments');
  const library = useMetricLibrary(projectId);
  const nameOf = (key: string) => library.data?.find((metric) => metric.key === key)?.name ?? key;
  const { metrics } = experiment;
  // Auto-stop acts on a sample ratio mismatch too, so it shows even without metrics.
  const autoStop = (
    <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="experiment-auto-stop">
      <Typography.Text strong>{t('autoStop.label')}: </Typography.Text>
      {experiment.autoStop ? t('autoStop.on') : t('autoStop.off')}
    </Typography.Paragraph>
  );
  if (GROUPS.every((group) => metrics[group].length === 0)) {
    return (
      <Card>
        <EmptyState title={t('metrics.none')} description={t('metrics.noneDescription')} />
        {autoStop}
      </Card>
    );
  }
  return (
    <Card>
      <Descriptions column={1} bordered size="small" data-testid="experiment-metrics">
        {GROUPS.map((group) => (
          <Descriptions.Item key={group} label={t(`metricGroups.${group}`)}>
            {metrics[group].length ? (
              metrics[group].map((key) => <Tag key={key}>{nameOf(key)}</Tag>)
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {autoStop}
    </Card>
  );
}
