import type { Experiment } from '@tabula/protocol';
import { Card, Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { useBanditPeriods } from '../api/get-bandit-periods';
import type { ResultsFormat } from '../hooks/use-results-format';
import { latestProbabilities } from '../utils/bandit-chart';
import { BanditWeightsChart } from './lazy-charts';

interface BanditCardProps {
  projectId: string;
  experiment: Experiment;
  format: ResultsFormat;
}

/** A bandit's weights over its periods, and each version's probability of being best behind the latest ones. */
export function BanditCard({ projectId, experiment, format }: BanditCardProps) {
  const { t } = useTranslation('results');
  const periods = useBanditPeriods(projectId, experiment.key);
  const list = periods.data?.periods ?? [];
  const probabilities = latestProbabilities(list);
  return (
    <Card size="small" title={t('bandit.title')} style={{ marginBottom: 16 }} data-testid="bandit">
      <ServerErrorAlert error={periods.error} />
      <Typography.Paragraph type="secondary">{t('bandit.help')}</Typography.Paragraph>
      {probabilities ? (
        <Flex gap={32} wrap>
          {experiment.versions.map((version) => (
            <Statistic
              key={version.key}
              title={t('bandit.probability', { version: version.name })}
              value={format.share(probabilities[version.key] ?? 0)}
              data-testid={`best-${version.key}`}
            />
          ))}
        </Flex>
      ) : (
        <Typography.Paragraph data-testid="bandit-burn-in">{t('bandit.burnIn')}</Typography.Paragraph>
      )}
      {list.length > 0 && (
        <>
          <Typography.Text strong>{t('bandit.weights')}</Typography.Text>
          <BanditWeightsChart periods={list} versions={experiment.versions} format={format} />
        </>
      )}
    </Card>
  );
}
