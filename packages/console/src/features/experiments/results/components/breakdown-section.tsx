import {
  attributeDimension,
  type BreakdownSlice,
  type ExperimentResults,
  type MetricResult,
  STANDARD_DIMENSIONS,
} from '@tabula/protocol';
import { Alert, Card, Flex, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { useExperimentBreakdown } from '../api/get-experiment-breakdown';
import type { ResultsFormat } from '../hooks/use-results-format';
import { MetricResultsTable } from './metric-results-table';

interface BreakdownSectionProps {
  projectId: string;
  experimentKey: string;
  results: ExperimentResults;
  format: ResultsFormat;
  /** The attributes the project chose to break results down by. */
  attributes: string[];
}

/** "Breakdown by": each metric split into slices of a dimension, read as exploration, not as a decision. */
export function BreakdownSection({ projectId, experimentKey, results, format, attributes }: BreakdownSectionProps) {
  const { t } = useTranslation('results');
  const [dimension, setDimension] = useState<string>('');
  const options = [
    { value: '', label: t('breakdown.none') },
    ...STANDARD_DIMENSIONS.map((value) => ({ value, label: t(`breakdown.dimensions.${value}`) })),
    ...attributes.map((name) => ({ value: attributeDimension(name), label: t('breakdown.attribute', { name }) })),
  ];
  return (
    <section data-testid="results-breakdown" style={{ marginBottom: 16 }}>
      <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
        <Typography.Text strong>{t('breakdown.label')}</Typography.Text>
        <Select
          value={dimension}
          options={options}
          onChange={setDimension}
          style={{ minWidth: 200 }}
          data-testid="breakdown-dimension"
          aria-label={t('breakdown.label')}
        />
      </Flex>
      {dimension && (
        <BreakdownSlices
          projectId={projectId}
          experimentKey={experimentKey}
          dimension={dimension}
          results={results}
          format={format}
        />
      )}
    </section>
  );
}

function BreakdownSlices({
  projectId,
  experimentKey,
  dimension,
  results,
  format,
}: Omit<BreakdownSectionProps, 'attributes'> & { dimension: string }) {
  const { t } = useTranslation('results');
  const breakdown = useExperimentBreakdown(projectId, experimentKey, { ...results.options, dimension });
  if (breakdown.isPending) return <Skeleton active />;
  if (breakdown.isError) return <ServerErrorAlert error={breakdown.error} />;
  const { slices, correction } = breakdown.data;
  const label = (slice: BreakdownSlice) => (slice.kind === 'value' ? slice.value : t(`breakdown.${slice.kind}`));
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="breakdown-warning"
        title={t('breakdown.warning', { correction: t(`breakdown.corrections.${correction}`) })}
      />
      {slices.length === 0 && <Typography.Text type="secondary">{t('breakdown.empty')}</Typography.Text>}
      {results.metrics.map((metric) => (
        <Card key={metric.key} size="small" title={metric.name} style={{ marginBottom: 16 }}>
          {slices.map((slice) => {
            const found = slice.metrics.find((entry) => entry.key === metric.key);
            if (!found) return null;
            const sliced: MetricResult = { ...found, series: [] };
            return (
              <div key={`${slice.kind}-${slice.value}`} data-testid={`breakdown-slice-${slice.value ?? slice.kind}`}>
                <Typography.Text strong>{label(slice)}</Typography.Text>
                <MetricResultsTable metric={sliced} results={results} format={format} />
              </div>
            );
          })}
        </Card>
      ))}
    </>
  );
}
