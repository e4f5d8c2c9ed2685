import { StopOutlined } from '@ant-design/icons';
import type { AlertKind, Experiment, ExperimentResults } from '@tabula/protocol';
import { Card, Flex, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { useExperimentAlerts } from '../api/get-experiment-alerts';
import type { ResultsFormat } from '../hooks/use-results-format';
import { alertText } from '../utils/alert-text';

const KIND_COLORS: Record<AlertKind, string> = { guardrail_regression: 'error', srm: 'error', no_traffic: 'warning' };

interface AlertsPanelProps {
  projectId: string;
  experiment: Experiment;
  results: Pick<ExperimentResults, 'metrics' | 'versions'>;
  format: ResultsFormat;
}

/** What refreshes of the current phase found wrong, each with its figures; nothing while there is none. */
export function AlertsPanel({ projectId, experiment, results, format }: AlertsPanelProps) {
  const { t } = useTranslation('results');
  const alerts = useExperimentAlerts(projectId, experiment.key);
  const current = (alerts.data?.alerts ?? []).filter((alert) => alert.phase === experiment.phase);
  if (alerts.error) return <ServerErrorAlert error={alerts.error} />;
  if (current.length === 0) return null;
  const names = {
    metric: (key: string) => results.metrics.find((metric) => metric.key === key)?.name ?? key,
    version: (key: string) => results.versions.find((version) => version.key === key)?.name ?? key,
  };
  return (
    <Card size="small" title={t('alerts.title')} style={{ marginBottom: 16 }} data-testid="alerts-panel">
      <List
        size="small"
        dataSource={current}
        rowKey="id"
        renderItem={(alert) => {
          const text = alertText(alert, names, format);
          return (
            <List.Item data-testid="experiment-alert" data-kind={alert.kind} role="alert">
              <Flex vertical gap={4}>
                <Flex gap={8} wrap align="center">
                  <Tag color={KIND_COLORS[alert.kind]}>{t(`alerts.kinds.${alert.kind}`)}</Tag>
                  {alert.stoppedExperiment && (
                    <Tag color="purple" icon={<StopOutlined />} data-testid="alert-stopped-experiment">
                      {t('alerts.stoppedExperiment')}
                    </Tag>
                  )}
                  <Typography.Text type="secondary">
                    {t('alerts.raisedAt', { at: dayjs(alert.raisedAt).format('lll') })}
                  </Typography.Text>
                </Flex>
                <Typography.Text data-testid="alert-text">{t(text.key, text.values)}</Typography.Text>
              </Flex>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
