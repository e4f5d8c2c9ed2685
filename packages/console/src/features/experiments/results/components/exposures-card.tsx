import type { ExperimentResults } from '@tabula/protocol';
import { Card, Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultsFormat } from '../hooks/use-results-format';
import { UnitsChart } from './lazy-charts';

interface ExposuresCardProps {
  results: ExperimentResults;
  format: ResultsFormat;
}

/** Who was in the experiment: units per version, those seen in more than one, and how they came in over time. */
export function ExposuresCard({ results, format }: ExposuresCardProps) {
  const { t } = useTranslation('results');
  const series = results.metrics[0]?.series ?? [];
  return (
    <Card size="small" title={t('exposures.title')} style={{ marginBottom: 16 }} data-testid="exposures">
      <Flex gap={32} wrap>
        {results.versions.map((version) => (
          <Statistic
            key={version.key}
            title={version.name}
            value={format.count(version.units)}
            data-testid={`units-${version.key}`}
          />
        ))}
      </Flex>
      {results.multipleExposures > 0 && (
        <Typography.Paragraph type="warning" style={{ margin: '12px 0 0' }} data-testid="multiple-exposures">
          {t('exposures.multiple', {
            count: results.multipleExposures,
            units: format.count(results.multipleExposures),
            versions: results.versions
              .filter((version) => version.multipleExposures > 0)
              .map((version) => `${version.name} ${format.count(version.multipleExposures)}`)
              .join(', '),
          })}
        </Typography.Paragraph>
      )}
      {series.length > 1 && <UnitsChart series={series} versions={results.versions} format={format} />}
    </Card>
  );
}
