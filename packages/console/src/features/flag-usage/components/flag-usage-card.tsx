import { type Environment, USAGE_SPANS } from '@tabula/protocol';
import { Card, Empty, Flex, Segmented, Select, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useFlagUsage } from '../api/get-flag-usage';
import { UsageChart } from './lazy-usage-chart';

type Span = (typeof USAGE_SPANS)[number];

interface FlagUsageCardProps {
  projectId: string;
  flagKey: string;
  environments: Environment[];
  /** The environment shown first: the one the page is on. */
  environment?: string | undefined;
}

/** How often SDKs evaluated the flag in one environment lately, per variant served. */
export function FlagUsageCard({ projectId, flagKey, environments, environment }: FlagUsageCardProps) {
  const { t } = useTranslation('usage');
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [days, setDays] = useState<Span>(7);
  const environmentKey = chosen ?? environment ?? environments[0]?.key ?? '';
  const usage = useFlagUsage(projectId, flagKey, { environment: environmentKey, days });
  const data = usage.data;

  return (
    <Card
      size="small"
      title={t('flag.title')}
      style={{ marginBottom: 16 }}
      data-testid="flag-usage-card"
      extra={
        <Space wrap>
          <Select
            size="small"
            value={environmentKey}
            onChange={setChosen}
            aria-label={t('flag.environment')}
            options={environments.map((env) => ({ value: env.key, label: env.name }))}
            style={{ minWidth: 140 }}
            data-testid="flag-usage-environment"
          />
          <Segmented<Span>
            size="small"
            value={days}
            onChange={setDays}
            options={USAGE_SPANS.map((span) => ({ value: span, label: t('flag.days', { count: span }) }))}
            data-testid="flag-usage-days"
          />
        </Space>
      }
    >
      <ServerErrorAlert error={usage.error} />
      {data && (
        <Flex vertical gap={12}>
          <Flex gap={32} wrap align="flex-end">
            <Statistic title={t('flag.total', { count: days })} value={data.total} data-testid="flag-usage-total" />
            <div>
              <Typography.Text type="secondary">{t('flag.lastEvaluated')}</Typography.Text>
              <div>
                <RelativeTime value={data.lastEvaluatedAt} empty={t('flag.never')} />
              </div>
            </div>
            <Space wrap size={[4, 4]}>
              {data.series.map((line) => (
                <Tag key={line.variant} data-testid={`flag-usage-variant-${line.variant || 'none'}`}>
                  {line.variant || t('noVariant')}: {line.total.toLocaleString()}
                </Tag>
              ))}
            </Space>
          </Flex>
          {data.total > 0 ? (
            <UsageChart usage={data} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flag.empty')} />
          )}
        </Flex>
      )}
    </Card>
  );
}
