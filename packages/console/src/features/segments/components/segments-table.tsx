import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Segment, SegmentUsage } from '@tabula/protocol';
import { Alert, App, Button, Card, Flex, Popconfirm, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionsSummary } from '../../../components/conditions-editor';
import { ListTable } from '../../../components/list-kit/list-table';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useDeleteSegment } from '../api/delete-segment';
import { useSegments } from '../api/get-segments';
import { segmentUsageOf } from '../utils/segment-usage';
import { SegmentModal } from './segment-modal';
import { SegmentUsageList } from './segment-usage-list';

interface SegmentsTableProps {
  projectId: string;
  flagHref: (flagKey: string, environment?: string) => string;
  environments: { key: string; name: string }[];
}

type Editing = { segment: Segment | null } | null;

export function SegmentsTable({ projectId, flagHref, environments }: SegmentsTableProps) {
  const { t } = useTranslation('flags');
  const { message } = App.useApp();
  const canWrite = useCan('segment:write');
  const segments = useSegments(projectId);
  const remove = useDeleteSegment(projectId);
  const [editing, setEditing] = useState<Editing>(null);
  // Why the last delete was refused: shown until dismissed, as it lists what has to change first.
  const [blocked, setBlocked] = useState<{ key: string; usage: SegmentUsage[] } | null>(null);

  const removeSegment = (segment: Segment) => {
    setBlocked(null);
    return remove.mutateAsync(segment.key).then(
      () => void message.success(t('segments.deleted', { key: segment.key })),
      (error: unknown) => {
        const usage = segmentUsageOf(error);
        if (usage) setBlocked({ key: segment.key, usage });
      },
    );
  };

  const columns: TableColumnsType<Segment> = [
    {
      title: t('segments.columns.segment'),
      key: 'key',
      render: (_, segment) => (
        <Flex vertical gap={2}>
          <Typography.Text code strong>
            {segment.key}
          </Typography.Text>
          <Typography.Text>{segment.name}</Typography.Text>
          {segment.description && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {segment.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('segments.columns.conditions'),
      key: 'conditions',
      render: (_, segment) => <ConditionsSummary conditions={segment.conditions} />,
    },
    {
      title: t('segments.columns.updated'),
      key: 'updatedAt',
      width: 150,
      render: (_, segment) => <RelativeTime value={segment.updatedAt} />,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      align: 'right',
      width: 120,
      render: (_, segment) => (
        <Flex gap={4} justify="flex-end">
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('segments.edit', { key: segment.key })}
            onClick={() => setEditing({ segment })}
            data-testid={`segment-edit-${segment.key}`}
          />
          <Popconfirm
            title={t('segments.deleteTitle', { key: segment.key })}
            description={t('segments.deleteDescription')}
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'segment-delete-confirm' }}
            onConfirm={() => removeSegment(segment)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('segments.delete', { key: segment.key })}
              data-testid={`segment-delete-${segment.key}`}
            />
          </Popconfirm>
        </Flex>
      ),
    });
  }

  const createButton = (testId: string) =>
    canWrite && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ segment: null })} data-testid={testId}>
        {t('segments.create')}
      </Button>
    );

  return (
    <Card title={t('segments.listTitle')} extra={createButton('create-segment-button')}>
      <ServerErrorAlert error={segments.error ?? (segmentUsageOf(remove.error) ? null : remove.error)} />
      {blocked && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setBlocked(null) }}
          style={{ marginBottom: 16 }}
          data-testid="segment-in-use"
          title={t('segments.inUseTitle', { key: blocked.key })}
          description={
            <Flex vertical gap={4}>
              <Typography.Text>{t('segments.inUseDescription')}</Typography.Text>
              <SegmentUsageList
                usage={blocked.usage}
                flagHref={flagHref}
                environmentName={(key) => environments.find((environment) => environment.key === key)?.name ?? key}
              />
            </Flex>
          }
        />
      )}
      <ListTable<Segment>
        testId="segments-table"
        columns={columns}
        dataSource={segments.data ?? []}
        loading={segments.isPending}
        pagination={false}
        empty={{
          title: t('segments.empty'),
          description: t('segments.emptyDescription'),
          action: createButton('create-segment-button-empty') || undefined,
        }}
      />
      <SegmentModal
        // A fresh form for each segment opened.
        key={editing?.segment?.key ?? 'new'}
        projectId={projectId}
        segment={editing?.segment ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
