import { RedoOutlined } from '@ant-design/icons';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookDeliveryStatus } from '@tabula/protocol';
import { Button, Flex, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { DeliveryError } from './delivery-error';

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = {
  pending: 'gold',
  delivered: 'green',
  failed: 'red',
};

/** A webhook's delivery log, newest first, with the last attempt's answer and a resend of any delivery. */
export function WebhookDeliveries({ projectId, webhookId }: { projectId: string; webhookId: string }) {
  const { t } = useTranslation('webhooks');
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>();
  const deliveries = useWebhookDeliveries(projectId, webhookId, status);
  const resend = useResendWebhookDelivery(projectId, webhookId);
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];

  const columns: TableColumnsType<WebhookDelivery> = [
    {
      title: t('deliveries.status'),
      key: 'status',
      // The reason is written out, not kept in a tooltip: a phone has no pointer to hover with.
      render: (_, delivery) => (
        <Flex vertical gap={4} align="flex-start" style={{ maxWidth: 320, fontSize: 12 }}>
          <Tag color={STATUS_COLORS[delivery.status]} data-testid={`delivery-status-${delivery.id}`}>
            {t(`deliveries.statuses.${delivery.status}`)}
          </Tag>
          {delivery.error !== null && <DeliveryError delivery={delivery} />}
          {delivery.nextAttemptAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`delivery-next-${delivery.id}`}>
              {t('deliveries.nextAttempt', { time: dayjs(delivery.nextAttemptAt).format('LTS') })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('deliveries.event'),
      key: 'event',
      render: (_, delivery) => (
        <Flex vertical>
          <span>{t(`eventTypes.${delivery.eventType}`, { defaultValue: delivery.eventType })}</span>
          <Typography.Text type="secondary" copyable={{ text: delivery.id }} style={{ fontSize: 12 }}>
            {delivery.id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('deliveries.responseCode'),
      key: 'responseCode',
      render: (_, delivery) => delivery.responseCode ?? '—',
    },
    {
      title: t('deliveries.duration'),
      key: 'duration',
      render: (_, delivery) =>
        delivery.durationMs === null ? '—' : t('deliveries.durationMs', { ms: delivery.durationMs }),
    },
    { title: t('deliveries.attempts'), dataIndex: 'attempts', key: 'attempts' },
    {
      title: t('deliveries.time'),
      key: 'time',
      render: (_, delivery) => <RelativeTime value={delivery.createdAt} />,
    },
    {
      key: 'actions',
      align: 'right',
      render: (_, delivery) => (
        <Button
          size="small"
          icon={<RedoOutlined />}
          loading={resend.isPending && resend.variables === delivery.id}
          onClick={() => resend.mutate(delivery.id)}
          data-testid={`resend-${delivery.id}`}
        >
          {t('deliveries.resend')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={8} data-testid={`deliveries-${webhookId}`}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('deliveries.title')}</Typography.Text>
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('deliveries.allStatuses')}
          value={status}
          onChange={setStatus}
          options={WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: t(`deliveries.statuses.${value}`) }))}
          data-testid="deliveries-status-filter"
        />
      </Flex>
      <ServerErrorAlert error={deliveries.error ?? resend.error} />
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={deliveries.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('deliveries.empty') }}
      />
      {deliveries.hasNextPage && (
        <Button onClick={() => deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
          {t('deliveries.loadMore')}
        </Button>
      )}
    </Flex>
  );
}
