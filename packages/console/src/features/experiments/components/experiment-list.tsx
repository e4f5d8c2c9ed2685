import type { Experiment } from '@tabula/protocol';
import { EXPERIMENT_SORTS } from '@tabula/protocol';
import { Flex, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-kit/list-table';
import { columnSortOrder, fromTableChange, offsetPagination } from '../../../components/list-kit/offset-paging';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import { type ExperimentsQuery, useExperiments } from '../api/get-experiments';
import { daysRunning } from '../utils/days-running';
import { AlertsBadge } from './alerts-badge';
import { ExperimentFilters } from './experiment-filters';
import { ExperimentKindTag, ExperimentStatusTag } from './experiment-status-tag';

export const EXPERIMENTS_PAGE_SIZE = 20;

type Sort = (typeof EXPERIMENT_SORTS)[number];
/** The server's own order when the address names none: newest first. */
const DEFAULT_ORDER = { sort: 'createdAt', order: 'desc' } as const;

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
  const sortOrder = (column: Sort) => columnSortOrder(query, column, DEFAULT_ORDER);

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
      render: (_, experiment) => (
        <Flex gap={4} wrap>
          <ExperimentStatusTag status={experiment.status} />
          <AlertsBadge count={experiment.openAlerts} />
        </Flex>
      ),
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
      render: (_, experiment) => experiment.exposures?.toLocaleString() ?? '—',
    },
  ];

  const filtered = Boolean(query.search || (query.status && query.status !== 'all') || query.kind);
  return (
    <>
      <ExperimentFilters value={query} onChange={onQueryChange} />
      <ServerErrorAlert error={experiments.error} />
      <ListTable<Experiment>
        testId="experiments-table"
        columns={columns}
        dataSource={experiments.data?.experiments ?? []}
        loading={experiments.isFetching}
        onChange={(pagination, _filters, sorter) =>
          onQueryChange({ ...query, ...fromTableChange(pagination, sorter, EXPERIMENT_SORTS, limit) })
        }
        pagination={offsetPagination(query.offset, limit, experiments.data?.total ?? 0)}
        filtered={filtered}
        empty={{ title: t('list.empty'), description: t('list.emptyDescription'), action: createAction }}
        noMatches={{ title: t('list.noMatches'), description: t('list.noMatchesDescription') }}
      />
    </>
  );
}
