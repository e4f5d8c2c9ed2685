import { Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorAlert } from '../../../components/server-error-alert';
import {
  CHANGE_REQUEST_FILTERS,
  type ChangeRequestFilter as Filter,
  useChangeRequests,
} from '../../../features/change-requests/api/get-change-requests';
import { ChangeRequestFilter } from '../../../features/change-requests/components/change-request-filter';
import { ChangeRequestsTable } from '../../../features/change-requests/components/change-requests-table';

const DEFAULT_FILTER: Filter = 'open';
const isFilter = (value: string | null): value is Filter => CHANGE_REQUEST_FILTERS.includes(value as Filter);

export function ChangeRequestsRoute() {
  const { t } = useTranslation('changeRequests');
  const { projectId = '' } = useParams();
  // The status lives in the address, so a filtered view can be shared and survives a reload.
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isFilter(requested) ? requested : DEFAULT_FILTER;
  const [offset, setOffset] = useState(0);
  const list = useChangeRequests(projectId, { status, offset });

  const setStatus = (next: Filter) => {
    setOffset(0);
    setParams(next === DEFAULT_FILTER ? {} : { status: next }, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <ServerErrorAlert error={list.error} />
      <Card>
        <Flex vertical gap={16}>
          <ChangeRequestFilter value={status} onChange={setStatus} />
          <ChangeRequestsTable
            projectId={projectId}
            changeRequests={list.data?.changeRequests ?? []}
            total={list.data?.total ?? 0}
            offset={offset}
            loading={list.isFetching}
            filtered={status !== DEFAULT_FILTER}
            onOffsetChange={setOffset}
          />
        </Flex>
      </Card>
    </>
  );
}
