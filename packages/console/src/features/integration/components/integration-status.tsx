import type { ApiKey } from '@tabula/protocol';
import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';

type Status = 'checking' | 'configured' | 'not-configured';

/** A page carrying the snippet fetches the payload with a client key, which stamps the key's last use. */
export const integrationStatus = (clientKeys: ApiKey[], loading: boolean): Status => {
  if (loading) return 'checking';
  return clientKeys.some((key) => key.lastUsedAt) ? 'configured' : 'not-configured';
};

/** The live check: whether any page has loaded the SDK with one of this project's keys, and when each key last did. */
export function IntegrationStatus({ clientKeys, loading }: { clientKeys: ApiKey[]; loading: boolean }) {
  const { t } = useTranslation('integration');
  const status = integrationStatus(clientKeys, loading);
  return (
    <Card title={t('status.title')} data-testid="integration-status" data-status={status}>
      {status === 'checking' && <Spin description={t('status.checking')} />}
      {status === 'configured' && <Alert type="success" showIcon title={t('status.configured')} />}
      {status === 'not-configured' && (
        <Alert type="info" showIcon title={t('status.notConfigured')} description={t('status.advice')} />
      )}
      <Flex vertical gap={8} style={{ marginTop: 16 }}>
        {clientKeys.map((key) => (
          <Flex key={key.id} justify="space-between" data-testid={`integration-key-${key.id}`}>
            <Typography.Text>
              {key.name} · {key.environment}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('status.lastSeen')} <RelativeTime value={key.lastUsedAt} empty={t('status.never')} />
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
