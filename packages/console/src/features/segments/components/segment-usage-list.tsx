import type { SegmentUsage } from '@tabula/protocol';
import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupUsage } from '../utils/segment-usage';

interface SegmentUsageListProps {
  usage: SegmentUsage[];
  /** Where a flag opens (in the environment named); the app owns the routes. */
  flagHref: (flagKey: string, environment?: string) => string;
  /** The name of an environment, by key; the key itself when unknown. */
  environmentName: (key: string) => string;
}

/** Where a segment is still used, one line per flag environment or experiment. */
export function SegmentUsageList({ usage, flagHref, environmentName }: SegmentUsageListProps) {
  const { t } = useTranslation('flags');
  return (
    <List
      size="small"
      data-testid="segment-usage"
      dataSource={groupUsage(usage)}
      renderItem={(place) => (
        <List.Item>
          <Typography.Text>
            <Tag color={place.kind === 'flag' ? 'blue' : 'purple'}>{t(`segments.usage.${place.kind}`)}</Tag>
            {place.kind === 'flag' ? (
              <Link to={flagHref(place.key, place.environment)}>
                <Typography.Text code>{place.key}</Typography.Text>
              </Link>
            ) : (
              <Typography.Text code>{place.key}</Typography.Text>
            )}
            {place.environment && (
              <Typography.Text type="secondary">
                {' '}
                {t('segments.usage.inEnvironment', {
                  environment: environmentName(place.environment),
                  count: place.rules,
                })}
              </Typography.Text>
            )}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
