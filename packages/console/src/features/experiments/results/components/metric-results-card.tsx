import { WarningOutlined } from '@ant-design/icons';
import type { ExperimentResults, MetricResult } from '@tabula/protocol';
import { Card, Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultsFormat } from '../hooks/use-results-format';
import { cupedReduction } from '../utils/cuped';
import { LiftChart } from './lazy-charts';
import { MetricResultsTable } from './metric-results-table';

interface MetricResultsCardProps {
  metric: MetricResult;
  results: ExperimentResults;
  format: ResultsFormat;
}

export function MetricResultsCard({ metric, results, format }: MetricResultsCardProps) {
  const { t } = useTranslation('results');
  const cuped = cupedReduction(metric);
  const reduction =
    cuped && (cuped[0] === cuped[1] ? format.share(cuped[0]) : `${format.share(cuped[0])}–${format.share(cuped[1])}`);
  return (
    <Card
      size="small"
      data-testid={`metric-results-${metric.key}`}
      title={
        <Flex align="center" gap={8} wrap>
          <span>{metric.name}</span>
          <Tag variant="filled">{t(`metricTypes.${metric.type}`)}</Tag>
          <Tag variant="filled">{t(`directions.${metric.direction}`)}</Tag>
          {reduction && (
            <Tooltip title={t('cupedHelp')}>
              <Tag color="processing" data-testid={`cuped-applied-${metric.key}`}>
                {t('cupedApplied', { reduction })}
              </Tag>
            </Tooltip>
          )}
          {metric.guardrailBreached && (
            <Tag color="error" icon={<WarningOutlined />} data-testid={`guardrail-breached-${metric.key}`}>
              {t('guardrailBreached')}
            </Tag>
          )}
        </Flex>
      }
      style={{ marginBottom: 16 }}
    >
      <MetricResultsTable metric={metric} results={results} format={format} />
      {metric.series.length > 1 && <LiftChart metric={metric} results={results} format={format} />}
    </Card>
  );
}
