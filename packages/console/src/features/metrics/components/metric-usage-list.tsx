import type { MetricUsage } from '@tabula/protocol';
import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface MetricUsageListProps {
  usage: MetricUsage[];
  /** Where an experiment opens; the app owns the routes. */
  experimentHref: (key: string) => string;
  testId?: string;
}

/** The experiments that use a metric: each with its status and what it uses the metric as. */
export function MetricUsageList({ usage, experimentHref, testId = 'metric-usage' }: MetricUsageListProps) {
  const { t } = useTranslation('metrics');
  return (
    <List
      size="small"
      data-testid={testId}
      dataSource={usage}
      renderItem={(experiment) => (
        <List.Item>
          <Typography.Text>
            <Link to={experimentHref(experiment.key)}>{experiment.name}</Link>{' '}
            <Typography.Text type="secondary" code>
              {experiment.key}
            </Typography.Text>{' '}
            <Tag>{t(`experiments:statuses.${experiment.status}`)}</Tag>
            {experiment.roles.map((role) => (
              <Tag key={role} color={role === 'guardrails' ? 'orange' : role === 'primary' ? 'blue' : 'default'}>
                {t(`roles.${role}`)}
              </Tag>
            ))}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
