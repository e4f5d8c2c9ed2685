import type { DiagnosticsWindow, ErrorGroup, ErrorGroupKind } from '@tabula/protocol';
import { Card, Descriptions, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useErrorGroups } from '../api/get-error-groups';
import { knownMessage } from '../utils/known-messages';

const KIND_COLORS: Record<ErrorGroupKind, string> = {
  error: 'red',
  rejection: 'volcano',
  config: 'purple',
  api: 'orange',
};

/** Below this the message column would be too narrow to read; the table scrolls instead. */
const TABLE_MIN_WIDTH = 880;
const preStyle = {
  margin: 0,
  maxHeight: 240,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

/** What was reported, in the reader's language when the console wrote it itself; always as text, never as HTML. */
function GroupMessage({ group }: { group: ErrorGroup }) {
  const { t } = useTranslation('platform');
  const known = knownMessage(group.message);
  return (
    <Flex vertical gap={4} align="flex-start">
      <Tag color={KIND_COLORS[group.kind]}>{t(`diagnostics.kinds.${group.kind}`)}</Tag>
      <Typography.Text strong style={{ wordBreak: 'break-word' }}>
        {known ? t(known.key) : group.message}
      </Typography.Text>
      {known?.details && (
        <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
          {known.details}
        </Typography.Text>
      )}
    </Flex>
  );
}

function LatestReport({ group }: { group: ErrorGroup }) {
  const { t } = useTranslation('platform');
  const { latest } = group;
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'release', label: t('diagnostics.errors.release'), children: latest.releaseId },
        {
          key: 'first',
          label: t('diagnostics.errors.firstSeen'),
          children: <RelativeTime value={group.firstSeenAt} />,
        },
        ...(latest.body !== null
          ? [{ key: 'body', label: t('diagnostics.errors.body'), children: <pre style={preStyle}>{latest.body}</pre> }]
          : []),
        ...(latest.stack
          ? [
              {
                key: 'stack',
                label: t('diagnostics.errors.stack'),
                children: <pre style={preStyle}>{latest.stack}</pre>,
              },
            ]
          : []),
      ]}
    />
  );
}

/** Spec §7: the console's recent errors, one row per message, with how often and for how many people. */
export function ErrorGroupsCard({ days }: { days: DiagnosticsWindow }) {
  const { t } = useTranslation('platform');
  const groups = useErrorGroups(days);
  const columns: TableColumnsType<ErrorGroup> = [
    { title: t('diagnostics.errors.message'), key: 'message', render: (_, group) => <GroupMessage group={group} /> },
    { title: t('diagnostics.errors.count'), dataIndex: 'count', key: 'count', width: 90, align: 'right' },
    { title: t('diagnostics.errors.users'), dataIndex: 'users', key: 'users', width: 90, align: 'right' },
    {
      title: t('diagnostics.errors.page'),
      key: 'page',
      width: 240,
      render: (_, group) => (
        <Typography.Text code ellipsis={{ tooltip: group.latest.page }} style={{ maxWidth: 220 }}>
          {group.latest.page}
        </Typography.Text>
      ),
    },
    {
      title: t('diagnostics.errors.lastSeen'),
      dataIndex: 'lastSeenAt',
      key: 'lastSeenAt',
      width: 150,
      render: (at: string) => <RelativeTime value={at} />,
    },
  ];
  return (
    <Card title={t('diagnostics.errors.title')}>
      <ServerErrorAlert error={groups.error} />
      <Table
        rowKey={(group) => `${group.kind}:${group.message}`}
        columns={columns}
        dataSource={groups.data ?? []}
        loading={groups.isPending && !groups.error}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: TABLE_MIN_WIDTH }}
        data-testid="diagnostics-errors"
        expandable={{ expandedRowRender: (group) => <LatestReport group={group} /> }}
        locale={{
          emptyText: (
            <EmptyState title={t('diagnostics.errors.empty')} description={t('diagnostics.errors.emptyDescription')} />
          ),
        }}
      />
    </Card>
  );
}
