import type { ChangeRequest } from '@tabula/protocol';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-kit/list-table';
import { offsetPagination } from '../../../components/list-kit/offset-paging';
import { changeRequestPagePath } from '../../../lib/change-request-paths';
import { changeRequestSummary } from '../../../lib/change-request-title';
import { CHANGE_REQUEST_PAGE_SIZE } from '../api/get-change-requests';
import { ChangeRequestStatusTag } from './change-request-status-tag';
import { ScheduledTime } from './scheduled-time';

interface ChangeRequestsTableProps {
  projectId: string;
  changeRequests: ChangeRequest[];
  total: number;
  offset: number;
  loading: boolean;
  /** Whether a status other than the default narrows the list. */
  filtered: boolean;
  onOffsetChange: (offset: number) => void;
}

export function ChangeRequestsTable(props: ChangeRequestsTableProps) {
  const { projectId, changeRequests, total, offset, loading, filtered, onOffsetChange } = props;
  const { t, i18n } = useTranslation('changeRequests');

  const columns: TableColumnsType<ChangeRequest> = [
    {
      title: t('columns.request'),
      key: 'request',
      render: (_, request) => (
        <Link to={changeRequestPagePath(projectId, request.id)} data-testid={`change-request-${request.number}`}>
          <Typography.Text type="secondary">#{request.number}</Typography.Text>{' '}
          {changeRequestSummary(request, { t, language: i18n.language })}
        </Link>
      ),
    },
    { title: t('columns.author'), key: 'author', render: (_, request) => request.author.name ?? t('system') },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_, request) => <ChangeRequestStatusTag status={request.status} />,
    },
    {
      title: t('columns.environments'),
      key: 'environments',
      render: (_, request) => (
        <Flex gap={4} wrap>
          {request.environments.map((environment) => (
            <Tag key={environment.key}>{environment.name}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('columns.approvals'),
      key: 'approvals',
      render: (_, request) =>
        request.requiredApprovals > 0 ? (
          <span data-testid={`change-request-${request.number}-approvals`}>
            {request.approvals.length}/{request.requiredApprovals}
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t('columns.scheduled'),
      key: 'scheduled',
      render: (_, request) => (
        <Flex vertical>
          <ScheduledTime changeRequest={request} />
          {request.plan && (
            <Typography.Text type="secondary" data-testid={`change-request-${request.number}-step`}>
              {t('plan.step', { step: request.plan.step, steps: request.plan.steps })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <ListTable<ChangeRequest>
      testId="change-requests-table"
      columns={columns}
      dataSource={changeRequests}
      loading={loading}
      filtered={filtered}
      pagination={offsetPagination(offset, CHANGE_REQUEST_PAGE_SIZE, total)}
      onChange={(pagination) => onOffsetChange(((pagination.current ?? 1) - 1) * CHANGE_REQUEST_PAGE_SIZE)}
      empty={{ title: t('empty.title'), description: t('empty.description') }}
      noMatches={{ title: t('empty.noMatches'), description: t('empty.noMatchesDescription') }}
    />
  );
}
