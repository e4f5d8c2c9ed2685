import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { Webhook, WebhookWithSecret } from '@tabula/protocol';
import { App, Button, Card, Flex, Popconfirm, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookModal } from './webhook-modal';
import { WebhookSecretModal } from './webhook-secret-modal';

/** The project's webhooks; a row opens onto its delivery log. Admins only: URLs of chat tools are credentials. */
export function WebhooksCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('webhooks');
  const { message } = App.useApp();
  const canManage = useCan('webhook:manage');
  const webhooks = useWebhooks(projectId);
  const remove = useDeleteWebhook(projectId);
  const rotate = useRotateWebhookSecret(projectId);
  const sendTest = useSendTestWebhook(projectId);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);

  const columns: TableColumnsType<Webhook> = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, hook) => (
        <Flex vertical>
          <Typography.Text strong>{hook.name}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
            {hook.url}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.events'),
      key: 'events',
      render: (_, hook) => (
        <Flex wrap gap={4} style={{ maxWidth: 280 }}>
          {hook.events.map((type) => (
            <Tag key={type}>{t(`eventTypes.${type}`)}</Tag>
          ))}
        </Flex>
      ),
    },
    { title: t('fields.format'), key: 'format', render: (_, hook) => t(`formats.${hook.format}`) },
    {
      title: t('fields.enabled'),
      key: 'enabled',
      render: (_, hook) => (
        <Tag color={hook.enabled ? 'green' : 'default'}>{t(hook.enabled ? 'state.enabled' : 'state.disabled')}</Tag>
      ),
    },
    {
      key: 'actions',
      align: 'right',
      render: (_, hook) => (
        <Flex gap={4} justify="flex-end" wrap>
          <Button
            size="small"
            icon={<SendOutlined />}
            loading={sendTest.isPending && sendTest.variables === hook.id}
            onClick={() => sendTest.mutate(hook.id, { onSuccess: () => message.success(t('actions.testSent')) })}
            data-testid={`test-webhook-${hook.id}`}
          >
            {t('actions.sendTest')}
          </Button>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(hook)}
            data-testid={`edit-webhook-${hook.id}`}
          >
            {t('actions.edit')}
          </Button>
          <Popconfirm
            title={t('actions.rotateConfirm', { name: hook.name })}
            description={t('actions.rotateDescription')}
            okText={t('actions.rotate')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => rotate.mutateAsync(hook.id).then(setSecret)}
          >
            <Tooltip title={t('actions.rotate')}>
              <Button
                size="small"
                icon={<KeyOutlined />}
                aria-label={t('actions.rotate')}
                data-testid={`rotate-webhook-${hook.id}`}
              />
            </Tooltip>
          </Popconfirm>
          <Popconfirm
            title={t('actions.deleteConfirm', { name: hook.name })}
            description={t('actions.deleteDescription')}
            okText={t('actions.delete')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(hook.id)}
          >
            <Tooltip title={t('actions.delete')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('actions.delete')}
                data-testid={`delete-webhook-${hook.id}`}
              />
            </Tooltip>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  const createButton = (testId: string) => (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={testId}>
      {t('create')}
    </Button>
  );

  if (!canManage) return null;
  return (
    <Card title={t('title')} extra={createButton('create-webhook-button')}>
      <Typography.Paragraph type="secondary">{t('description')}</Typography.Paragraph>
      <ServerErrorAlert error={webhooks.error ?? remove.error ?? rotate.error ?? sendTest.error} />
      <Table
        rowKey="id"
        columns={columns}
        dataSource={webhooks.data ?? []}
        loading={webhooks.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (hook) => <WebhookDeliveries projectId={projectId} webhookId={hook.id} /> }}
        data-testid="webhooks-table"
        locale={{
          emptyText: (
            <EmptyState
              title={t('empty')}
              description={t('emptyDescription')}
              action={createButton('create-webhook-button-empty')}
            />
          ),
        }}
      />
      <WebhookModal
        projectId={projectId}
        webhook={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onCreated={setSecret}
      />
      <WebhookSecretModal webhook={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
