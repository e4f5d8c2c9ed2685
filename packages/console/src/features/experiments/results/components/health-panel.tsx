import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { ExperimentResults, HealthCheck } from '@tabula/protocol';
import { Card, Flex, Table, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultsFormat } from '../hooks/use-results-format';
import { failedChecks } from '../utils/health';
import { observedSplit, type VersionSplit } from '../utils/observed-split';

interface HealthPanelProps {
  results: Pick<ExperimentResults, 'health' | 'versions'>;
  format: ResultsFormat;
}

/**
 * Whether the snapshot can be read at all: one line per check, above everything, because a broken split, mixed
 * exposures, too few units or stale numbers make every verdict below meaningless.
 */
export function HealthPanel({ results, format }: HealthPanelProps) {
  const { t } = useTranslation('results');
  const { token } = theme.useToken();
  const { health } = results;
  if (!health) return null;
  const healthy = failedChecks(results).length === 0;

  const text = (check: HealthCheck) => {
    const values = {
      p: format.pStatement(check.value),
      count: check.value,
      units: format.count(check.value),
      limit: format.count(check.limit),
      hours: format.count(Math.round(check.value)),
    };
    if (!check.passed) return t(`health.checks.${check.check}.failed`, values);
    // A stopped experiment's last snapshot stays valid however old it is.
    if (check.check === 'freshness' && check.value > check.limit) return t('health.checks.freshness.notRunning');
    return t(`health.checks.${check.check}.passed`, values);
  };

  return (
    <Card
      size="small"
      style={{ marginBottom: 16, borderColor: healthy ? undefined : token.colorError }}
      data-testid="health-panel"
      data-healthy={healthy}
      title={t('health.title')}
      extra={
        <Tag color={healthy ? 'success' : 'error'} data-testid="health-status">
          {healthy ? t('health.allPassed') : t('health.notTrustworthy')}
        </Tag>
      }
    >
      <Flex vertical gap={6} role={healthy ? undefined : 'alert'}>
        {health.checks.map((check) => (
          <div key={check.check} data-testid={`health-check-${check.check}`} data-passed={check.passed}>
            <Flex gap={8} align="baseline">
              {check.passed ? (
                <CheckCircleOutlined style={{ color: token.colorSuccess }} aria-label={t('health.passed')} />
              ) : (
                <CloseCircleOutlined style={{ color: token.colorError }} aria-label={t('health.failed')} />
              )}
              <Typography.Text type={check.passed ? undefined : 'danger'}>{text(check)}</Typography.Text>
            </Flex>
            {check.check === 'sample_ratio' && !check.passed && <SplitTable results={results} format={format} />}
          </div>
        ))}
        {health.excludedUnits > 0 && (
          <Typography.Text type="secondary" data-testid="health-excluded">
            {t('health.excluded', { count: health.excludedUnits, units: format.count(health.excludedUnits) })}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** The split the sample ratio check saw, planned versions against their weights. */
function SplitTable({ results, format }: HealthPanelProps) {
  const { t } = useTranslation('results');
  return (
    <Table<VersionSplit>
      rowKey="key"
      size="small"
      pagination={false}
      style={{ marginTop: 8 }}
      dataSource={observedSplit(results.versions)}
      data-testid="srm-split"
      columns={[
        { key: 'name', title: t('columns.version'), dataIndex: 'name' },
        { key: 'units', title: t('columns.units'), align: 'right', render: (_, row) => format.count(row.units) },
        { key: 'observed', title: t('srm.observed'), align: 'right', render: (_, row) => format.share(row.observed) },
        { key: 'expected', title: t('srm.expected'), align: 'right', render: (_, row) => format.share(row.expected) },
      ]}
    />
  );
}
