import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CalculatorOutlined,
  DeleteOutlined,
  EditOutlined,
  InboxOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { MetricList as MetricPage } from '@tabula/protocol';
import { METRIC_SORTS, type Metric } from '@tabula/protocol';
import { Button, Flex, Popconfirm, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-kit/list-table';
import { columnSortOrder, fromTableChange, offsetPagination } from '../../../components/list-kit/offset-paging';
import type { MetricsQuery } from '../api/get-metrics';
import { MetricTypeTag } from './metric-type-tag';
import { MetricSourceSummary } from './source-summary';

export const METRICS_PAGE_SIZE = 20;

type Sort = (typeof METRIC_SORTS)[number];
/** The server's own order when the address names none: by key. */
const DEFAULT_ORDER = { sort: 'key', order: 'asc' } as const;

interface MetricListProps {
  page: MetricPage | undefined;
  loading: boolean;
  query: MetricsQuery;
  onQueryChange: (query: MetricsQuery) => void;
  onOpen: (metric: Metric) => void;
  /** Row actions, for those who may change the library. */
  actions?: {
    setArchived: (metric: Metric, archived: boolean) => void;
    remove: (metric: Metric) => Promise<void>;
  };
  /** Offered by the empty list to those who may create. */
  createAction?: ReactNode;
  /** Opens the power calculator for the metric: anyone who reads the library may plan with it. */
  onPlan?: (metric: Metric) => void;
}

/** One page of the library; searching, filtering, sorting and paging happen on the server. */
export function MetricList(props: MetricListProps) {
  const { page, loading, query, onQueryChange, onOpen, actions, createAction, onPlan } = props;
  const { t } = useTranslation('metrics');
  const limit = query.limit ?? METRICS_PAGE_SIZE;
  const sortOrder = (column: Sort) => columnSortOrder(query, column, DEFAULT_ORDER);

  const columns: TableColumnsType<Metric> = [
    {
      title: t('list.columns.metric'),
      key: 'name',
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, metric) => (
        <Flex vertical gap={2}>
          <Typography.Link onClick={() => onOpen(metric)} data-testid={`metric-open-${metric.key}`}>
            {metric.name}
          </Typography.Link>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
            {metric.key}
          </Typography.Text>
          {metric.description && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: metric.description }}
              style={{ maxWidth: 220, fontSize: 12 }}
            >
              {metric.description}
            </Typography.Text>
          )}
          {metric.archivedAt && <Tag style={{ width: 'fit-content' }}>{t('list.archived')}</Tag>}
          {metric.tags.length > 0 && (
            <Flex gap={4} wrap>
              {metric.tags.map((tag) => (
                <Tag
                  key={tag}
                  color="cyan"
                  role="button"
                  aria-label={t('list.filterByTag', { tag })}
                  style={{ cursor: 'pointer' }}
                  onClick={() => onQueryChange({ ...query, tag, offset: undefined })}
                >
                  {tag}
                </Tag>
              ))}
            </Flex>
          )}
        </Flex>
      ),
    },
    {
      title: t('list.columns.type'),
      key: 'type',
      sorter: true,
      sortOrder: sortOrder('type'),
      render: (_, metric) => <MetricTypeTag type={metric.type} />,
    },
    {
      title: t('list.columns.source'),
      key: 'source',
      render: (_, metric) => <MetricSourceSummary metric={metric} />,
    },
    {
      title: t('list.columns.analysis'),
      key: 'analysis',
      render: (_, metric) => (
        <Flex vertical>
          <span>
            {metric.windowHours === null
              ? t('summary.untilEnd')
              : t('summary.windowHours', { count: metric.windowHours })}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {metric.direction === 'higher' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}{' '}
            {t(`directions.${metric.direction}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('list.columns.usage'),
      key: 'usage',
      render: (_, metric) =>
        metric.experiments.length === 0 ? (
          <Typography.Text type="secondary">{t('list.unused')}</Typography.Text>
        ) : (
          <Tooltip title={metric.experiments.map((experiment) => experiment.name).join(', ')}>
            <span data-testid={`metric-usage-${metric.key}`}>
              {t('list.usedBy', { count: metric.experiments.length })}
            </span>
          </Tooltip>
        ),
    },
  ];
  if (actions || onPlan) {
    columns.push({
      key: 'actions',
      align: 'right',
      width: actions ? 152 : 56,
      render: (_, metric) => {
        const archived = metric.archivedAt !== null;
        const archiveLabel = t(archived ? 'actions.restore' : 'actions.archive', { key: metric.key });
        const plan = onPlan && (
          <Tooltip title={t('actions.plan', { key: metric.key })}>
            <Button
              type="text"
              icon={<CalculatorOutlined />}
              aria-label={t('actions.plan', { key: metric.key })}
              onClick={() => onPlan(metric)}
              data-testid={`metric-plan-${metric.key}`}
            />
          </Tooltip>
        );
        if (!actions) return plan;
        return (
          <Flex gap={4} justify="flex-end">
            {plan}
            <Tooltip title={t('actions.edit', { key: metric.key })}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={t('actions.edit', { key: metric.key })}
                onClick={() => onOpen(metric)}
                data-testid={`metric-edit-${metric.key}`}
              />
            </Tooltip>
            <Tooltip title={archiveLabel}>
              <Button
                type="text"
                icon={archived ? <UndoOutlined /> : <InboxOutlined />}
                aria-label={archiveLabel}
                onClick={() => actions.setArchived(metric, !archived)}
                data-testid={`metric-${archived ? 'restore' : 'archive'}-${metric.key}`}
              />
            </Tooltip>
            <Popconfirm
              title={t('deleteTitle', { key: metric.key })}
              description={t('deleteDescription')}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'metric-delete-confirm' }}
              onConfirm={() => actions.remove(metric)}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('actions.delete', { key: metric.key })}
                data-testid={`metric-delete-${metric.key}`}
              />
            </Popconfirm>
          </Flex>
        );
      },
    });
  }

  const filtered = Boolean(query.search || query.type || query.tag || (query.status && query.status !== 'active'));
  return (
    <ListTable<Metric>
      testId="metrics-table"
      columns={columns}
      dataSource={page?.metrics ?? []}
      loading={loading}
      onChange={(pagination, _filters, sorter) =>
        onQueryChange({ ...query, ...fromTableChange(pagination, sorter, METRIC_SORTS, limit) })
      }
      pagination={offsetPagination(query.offset, limit, page?.total ?? 0)}
      filtered={filtered}
      empty={{ title: t('list.empty'), description: t('list.emptyDescription'), action: createAction }}
      noMatches={{ title: t('list.noMatches'), description: t('list.noMatchesDescription') }}
    />
  );
}
