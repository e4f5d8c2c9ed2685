import type { Flag } from '@tabula/protocol';
import { Flex, type TableColumnsType, type TablePaginationConfig, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-kit/list-table';
import { RelativeTime } from '../../../components/relative-time';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { useCan } from '../../../lib/authorization';
import { useFlags } from '../api/get-flags';
import { type FlagListState, PAGE_SIZES, toListQuery, withFilter } from '../utils/list-state';
import { FlagBulkActions } from './flag-bulk-actions';
import { FlagEnvironmentSwitch } from './flag-environment-switch';
import { FlagFilters } from './flag-filters';
import { FlagLifecycleMenu } from './flag-lifecycle-menu';
import { FlagTypeTag } from './flag-type-tag';
import { StaleTag } from './stale-tag';

interface FlagsTableProps {
  projectId: string;
  environments: { key: string; name: string; protected: boolean; requiredApprovals?: number }[];
  state: FlagListState;
  onChange: (state: FlagListState) => void;
  flagHref: (flagKey: string) => string;
  /** Shown in the empty list, to create the first flag. */
  createButton?: React.ReactNode;
}

const SORTABLE = ['key', 'name', 'updatedAt'] as const;

export function FlagsTable({ projectId, environments, state, onChange, flagHref, createButton }: FlagsTableProps) {
  const { t } = useTranslation('flags');
  const flags = useFlags(projectId, toListQuery(state));
  const rows = flags.data?.flags ?? [];
  const canWrite = useCan('flag:write');
  // The selection belongs to the page on screen: another page, filter or order starts it afresh.
  const listKey = JSON.stringify(toListQuery(state));
  const [selection, setSelection] = useState<{ listKey: string; ids: string[] }>({ listKey, ids: [] });
  const selectedIds = selection.listKey === listKey ? selection.ids : [];
  const selected = rows.filter((flag) => selectedIds.includes(flag.id));
  const filtered = Boolean(state.search || state.tag || state.type || state.environment || state.status !== 'active');
  const sortOrder = (column: string) =>
    state.sort === column ? (state.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;

  const columns: TableColumnsType<Flag> = [
    {
      title: t('list.columns.flag'),
      key: 'key',
      sorter: true,
      sortOrder: sortOrder('key'),
      fixed: 'left',
      render: (_, flag) => (
        <Flex vertical gap={2} style={{ minWidth: 200 }}>
          <Link to={flagHref(flag.key)} data-testid={`flag-link-${flag.key}`}>
            <Typography.Text code strong>
              {flag.key}
            </Typography.Text>
          </Link>
          <Typography.Text type="secondary">{flag.name}</Typography.Text>
          <StaleTag stale={flag.stale} />
        </Flex>
      ),
    },
    {
      title: t('list.columns.type'),
      key: 'type',
      render: (_, flag) => <FlagTypeTag type={flag.type} />,
    },
    {
      title: t('list.columns.tags'),
      key: 'tags',
      render: (_, flag) =>
        flag.tags.length > 0 ? (
          <Flex wrap gap={4} style={{ maxWidth: 220 }}>
            {flag.tags.map((tag) => (
              <Tag key={tag} style={{ margin: 0 }}>
                {tag}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    ...environments.map((environment): TableColumnsType<Flag>[number] => ({
      title: environment.name,
      key: `environment-${environment.key}`,
      render: (_, flag) => {
        const state = flag.environments[environment.key];
        if (!state) return <Typography.Text type="secondary">—</Typography.Text>;
        return (
          <Flex vertical gap={4} align="flex-start">
            {flag.archivedAt ? (
              <Typography.Text type="secondary">{t('list.archived')}</Typography.Text>
            ) : (
              <FlagEnvironmentSwitch
                projectId={projectId}
                flagKey={flag.key}
                environment={environment}
                enabled={state.enabled}
                size="small"
              />
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {state.lastEvaluatedAt ? (
                <>
                  {t('list.evaluated')} <RelativeTime value={state.lastEvaluatedAt} />
                </>
              ) : (
                t('list.neverEvaluated')
              )}
            </Typography.Text>
          </Flex>
        );
      },
    })),
    {
      title: t('list.columns.updated'),
      key: 'updatedAt',
      sorter: true,
      sortOrder: sortOrder('updatedAt'),
      render: (_, flag) => <RelativeTime value={flag.updatedAt} />,
    },
    {
      key: 'actions',
      align: 'right',
      render: (_, flag) => <FlagLifecycleMenu projectId={projectId} flag={flag} />,
    },
  ];

  const change = (pagination: TablePaginationConfig, sorter: SorterResult<Flag> | SorterResult<Flag>[]) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = SORTABLE.find((key) => key === sort?.columnKey);
    const pageSize = pagination.pageSize ?? state.pageSize;
    onChange({
      ...state,
      // A column clicked a third time is unsorted: back to the list's own order, by key.
      sort: column && sort?.order ? column : 'key',
      order: sort?.order === 'descend' ? 'desc' : 'asc',
      pageSize,
      page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1,
    });
  };

  return (
    <>
      <FlagFilters
        value={state}
        onChange={(filter) => onChange(withFilter(state, filter))}
        environments={environments}
        knownTags={[...new Set(rows.flatMap((flag) => flag.tags))]}
      />
      <ServerErrorAlert error={flags.error} />
      {canWrite && (
        <FlagBulkActions
          projectId={projectId}
          flags={selected}
          environments={environments}
          status={state.status}
          onDone={() => setSelection({ listKey, ids: [] })}
        />
      )}
      <ListTable<Flag>
        testId="flags-table"
        columns={columns}
        dataSource={rows}
        rowSelection={
          canWrite
            ? {
                selectedRowKeys: selectedIds,
                onChange: (keys) => setSelection({ listKey, ids: keys.map(String) }),
                getCheckboxProps: (flag) => ({ 'aria-label': t('bulk.select', { key: flag.key }) }),
              }
            : undefined
        }
        loading={flags.isPending || flags.isPlaceholderData}
        onChange={(pagination, _filters, sorter) => change(pagination, sorter)}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: flags.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('list.total', { count: total }),
        }}
        filtered={filtered}
        empty={{ title: t('list.empty'), description: t('list.emptyDescription'), action: createButton }}
        noMatches={{ title: t('list.noMatches'), description: t('list.noMatchesDescription') }}
      />
    </>
  );
}
