import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { ApiKey, CreatedApiKey, Environment } from '@tabula/protocol';
import { Button, Card, Flex, Popconfirm, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ApiKeyValue } from './api-key-value';
import { CreateApiKeyModal } from './create-api-key-modal';
import { CreatedApiKeyModal } from './created-api-key-modal';
import { DecryptionKeyValue } from './decryption-key-value';

interface ApiKeysCardProps {
  projectId: string;
  environments: Environment[];
}

export function ApiKeysCard({ projectId, environments }: ApiKeysCardProps) {
  const { t } = useTranslation('projects');
  const canManage = useCan('api-key:manage');
  const keys = useApiKeys(projectId);
  const revoke = useRevokeApiKey(projectId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const environmentName = (key: string) => environments.find((environment) => environment.key === key)?.name ?? key;

  const columns: TableColumnsType<ApiKey> = [
    {
      title: t('apiKeys.name'),
      key: 'name',
      render: (_, apiKey) => (
        <>
          <Typography.Text strong delete={Boolean(apiKey.revokedAt)}>
            {apiKey.name}
          </Typography.Text>
          {apiKey.revokedAt && <Tag style={{ marginLeft: 8 }}>{t('apiKeys.revoked')}</Tag>}
        </>
      ),
    },
    {
      title: t('apiKeys.kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (kind: ApiKey['kind'], apiKey) => (
        <Space size={4} wrap>
          <Tag color={kind === 'secret' ? 'volcano' : 'geekblue'}>{t(`apiKeys.kinds.${kind}`)}</Tag>
          {/* What a secret key may do; a client key only reads its environment's payload. */}
          {kind === 'secret' && <Tag>{t(`common:roles.${apiKey.role}`)}</Tag>}
          {kind === 'secret' && apiKey.protectedEnvironments && <Tag color="red">{t('apiKeys.protectedShort')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('apiKeys.environment'),
      dataIndex: 'environment',
      key: 'environment',
      render: environmentName,
    },
    {
      title: t('apiKeys.key'),
      key: 'key',
      render: (_, apiKey) => (
        <Flex vertical gap={4} align="flex-start">
          <ApiKeyValue apiKey={apiKey} />
          <DecryptionKeyValue apiKey={apiKey} />
        </Flex>
      ),
    },
    {
      title: t('apiKeys.lastUsed'),
      dataIndex: 'lastUsedAt',
      key: 'lastUsedAt',
      render: (value: string | null) => <RelativeTime value={value} empty={t('apiKeys.neverUsed')} />,
    },
    {
      title: t('apiKeys.created'),
      key: 'createdAt',
      render: (_, apiKey) => (
        <Flex vertical>
          <RelativeTime value={apiKey.createdAt} />
          {apiKey.createdBy && <Typography.Text type="secondary">{apiKey.createdBy.name}</Typography.Text>}
        </Flex>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      align: 'right',
      render: (_, apiKey) =>
        !apiKey.revokedAt && (
          <Popconfirm
            title={t('apiKeys.revokeConfirm', { name: apiKey.name })}
            description={t('apiKeys.revokeDescription')}
            okText={t('common:actions.revoke')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => revoke.mutate(apiKey.id)}
          >
            <Button
              size="small"
              danger
              icon={<StopOutlined />}
              aria-label={t('apiKeys.revokeNamed', { name: apiKey.name })}
              data-testid={`revoke-key-${apiKey.id}`}
            >
              {t('common:actions.revoke')}
            </Button>
          </Popconfirm>
        ),
    });
  }

  const createButton = (testId: string) =>
    canManage && (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setCreating(true)}
        disabled={environments.length === 0}
        data-testid={testId}
      >
        {t('apiKeys.create')}
      </Button>
    );

  return (
    <Card title={t('apiKeys.title')} extra={createButton('create-key-button')}>
      <Typography.Paragraph type="secondary">{t('apiKeys.description')}</Typography.Paragraph>
      <ServerErrorAlert error={keys.error ?? revoke.error} />
      <Table
        rowKey="id"
        columns={columns}
        dataSource={keys.data ?? []}
        loading={keys.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="api-keys-table"
        locale={{
          emptyText: (
            <EmptyState
              title={t('apiKeys.empty')}
              description={t('apiKeys.emptyDescription')}
              action={createButton('create-key-button-empty') || undefined}
            />
          ),
        }}
      />
      <CreateApiKeyModal
        projectId={projectId}
        environments={environments}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={setCreated}
      />
      <CreatedApiKeyModal apiKey={created} environmentName={environmentName} onClose={() => setCreated(null)} />
    </Card>
  );
}
