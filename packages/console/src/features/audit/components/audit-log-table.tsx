import type { AuditEntry } from '@tabula/protocol';
import { Button, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuditEntryDiff } from '../../../components/audit-diff/audit-entry-diff';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { type AuditFilters, useAuditLog } from '../api/get-audit-log';
import { actionSentence } from '../utils/action-sentence';
import { entityLabel } from '../utils/entity-label';

interface AuditLogTableProps {
  filters: AuditFilters;
  projectName: (projectId: string) => string | undefined;
}

/** `flag.environment_updated` reads as the entity type and a translated sentence (see actionSentence). */
function ActionLabel({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  return (
    <Flex gap={6} align="center" wrap>
      <Tag color="geekblue">{t(`entityTypes.${entry.entityType}`)}</Tag>
      <Typography.Text>{actionSentence(entry, t)}</Typography.Text>
    </Flex>
  );
}

function ActorLabel({ actor }: { actor: AuditEntry['actor'] }) {
  const { t } = useTranslation('audit');
  if (actor.kind === 'user') return <Typography.Text>{actor.name ?? actor.id}</Typography.Text>;
  return (
    <Typography.Text type="secondary">
      {t(`actorKinds.${actor.kind}`)}
      {actor.name ? ` · ${actor.name}` : ''}
    </Typography.Text>
  );
}

export function AuditLogTable({ filters, projectName }: AuditLogTableProps) {
  const { t } = useTranslation('audit');
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: t('columns.time'),
      dataIndex: 'at',
      key: 'at',
      width: 160,
      render: (at: string) => <RelativeTime value={at} />,
    },
    { title: t('columns.actor'), key: 'actor', render: (_, entry) => <ActorLabel actor={entry.actor} /> },
    { title: t('columns.action'), key: 'action', render: (_, entry) => <ActionLabel entry={entry} /> },
    {
      title: t('columns.entity'),
      key: 'entity',
      render: (_, entry) => {
        const label = entityLabel(entry);
        const id = <Typography.Text code>{entry.entityId}</Typography.Text>;
        return label ? (
          <Tooltip title={id}>
            <Typography.Text>{label}</Typography.Text>
          </Tooltip>
        ) : (
          id
        );
      },
    },
    {
      title: t('columns.project'),
      dataIndex: 'projectId',
      key: 'projectId',
      render: (projectId: string | null) =>
        projectId ? (projectName(projectId) ?? projectId) : <Typography.Text type="secondary">—</Typography.Text>,
    },
  ];

  return (
    <>
      <ServerErrorAlert error={log.error} />
      <Table
        rowKey="id"
        columns={columns}
        dataSource={entries}
        loading={log.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="audit-table"
        expandable={{ expandedRowRender: (entry) => <AuditEntryDiff entry={entry} /> }}
        locale={{ emptyText: <EmptyState title={t('empty')} description={t('emptyDescription')} /> }}
      />
      {log.hasNextPage && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage} data-testid="audit-load-more">
            {t('common:actions.loadMore')}
          </Button>
        </Flex>
      )}
    </>
  );
}
