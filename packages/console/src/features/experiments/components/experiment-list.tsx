import type { Experiment } from '@tabula/protocol';
import { EXPERIMENT_SORTS } from '@tabula/protocol';
import { Flex, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { type ExperimentsQuery, useExperiments } from '../api/get-experiments';
import { daysRunning } from '../utils/days-running';
import { ExperimentFilters } from './experiment-filters';
import { ExperimentKindTag, ExperimentStatusTag } from './experiment-status-tag';

export const EXPERIMENTS_PAGE_SIZE = 20;

type Sort = (typeof EXPERIMENT_SORTS)[number];
const isSort = (value: unknown): value is Sort => EXPERIMENT_SORTS.includes(value as Sort);

interface ExperimentListProps {
  projectId: string;
  query: ExperimentsQuery;
  onQueryChange: (query: ExperimentsQuery) => void;
  experimentHref: (key: string) => string;
  /** Offered by the empty list to those who may create. */
  createAction?: ReactNode;
}

/** The project's experiments; searching, filtering, sorting and paging happen on the server. */
export function ExperimentList({ projectId, query, onQueryChange, experimentHref, createAction }: ExperimentListProps) {
  const { t } = useTranslation('experiments');
  const limit = query.limit ?? EXPERIMENTS_PAGE_SIZE;
  const experiments = useExperiments(projectId, { ...query, limit });
  const sortOrder = (field: Sort) =>
    (query.sort ?? 'createdAt') === field ? (query.order === 'asc' ? 'ascend' : 'descend') : null;

  const columns: TableColumnsType<Experiment> = [
    {
      title: t('list.columns.name'),
      key: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, experiment) => (
        <Flex vertical>
          <Link to={experimentHref(experiment.key)} data-testid={`experiment-link-${experiment.key}`}>
            {experiment.name}
          </Link>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
            {experiment.key}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('list.columns.status'),
      key: 'status',
      sorter: true,
      sortOrder: sortOrder('status'),
      render: (_, experiment) => <ExperimentStatusTag status={experiment.status} />,
    },
    {
      title: t('list.columns.kind'),
      key: 'kind',
      render: (_, experiment) => <ExperimentKindTag kind={experiment.kind} />,
    },
    {
      title: t('list.columns.owner'),
      key: 'owner',
      render: (_, experiment) => experiment.owner?.name || experiment.owner?.email || '—',
    },
    {
      title: t('list.columns.startedAt'),
      key: 'startedAt',
      sorter: true,
      sortOrder: sortOrder('startedAt'),
      render: (_, experiment) => (experiment.startedAt ? dayjs(experiment.startedAt).format('ll') : '—'),
    },
    {
      title: t('list.columns.daysRunning'),
      key: 'daysRunning',
      align: 'right',
      render: (_, experiment) => daysRunning(experiment.startedAt, experiment.stoppedAt) ?? '—',
    },
    {
      title: t('list.columns.exposures'),
      key: 'exposures',
      align: 'right',
      render: (_, experiment) => experiment.exposures.toLocaleString(),
    },
  ];

  const onChange: TableProps<Experiment>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.columnKey;
    const sorted = single?.order && isSort(field);
    onQueryChange({
      ...query,
      sort: sorted ? field : undefined,
      order: sorted ? (single.order === 'ascend' ? 'asc' : 'desc') : undefined,
      offset: ((pagination.current ?? 1) - 1) * limit || undefined,
    });
  };

  const filtered = Boolean(query.search || (query.status && query.status !== 'all') || query.kind);
  return (
    <>
      <ExperimentFilters value={query} onChange={onQueryChange} />
      <ServerErrorAlert error={experiments.error} />
      <Table
        rowKey="id"
        columns={columns}
        dataSource={experiments.data?.experiments ?? []}
        loading={experiments.isFetching}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        data-testid="experiments-table"
        pagination={{
          current: Math.floor((query.offset ?? 0) / limit) + 1,
          pageSize: limit,
          total: experiments.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        locale={{
          emptyText: filtered ? (
            <EmptyState title={t('list.noMatches')} description={t('list.noMatchesDescription')} />
          ) : (
            <EmptyState title={t('list.empty')} description={t('list.emptyDescription')} action={createAction} />
          ),
        }}
      />
    </>
  );
}
