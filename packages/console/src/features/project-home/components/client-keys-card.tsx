import type { ApiKey } from '@tabula/protocol';
import { Card, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';

interface ClientKeysCardProps {
  /** Active client keys only: they are public, so shown in full. */
  clientKeys: ApiKey[] | undefined;
  /** Where keys are made, offered when there is none. */
  createKeyLink: ReactNode;
}

export function ClientKeysCard({ clientKeys, createKeyLink }: ClientKeysCardProps) {
  const { t } = useTranslation('projects');
  return (
    <Card title={t('home.keys.title')} data-testid="project-home-keys">
      {!clientKeys ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : clientKeys.length === 0 ? (
        <Typography.Text type="secondary">
          {t('home.keys.empty')} {createKeyLink}
        </Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('home.keys.description')}</Typography.Text>
          {clientKeys.map((key) => (
            <Flex vertical gap={4} key={key.id}>
              <Typography.Text strong>
                {key.name} · {key.environment}
              </Typography.Text>
              {key.key && <CopyableValue value={key.key} testId={`project-home-key-${key.id}`} />}
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
